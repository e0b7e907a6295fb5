import { Group, Text } from '@mantine/core';
import { CopyValue } from '../../components/CopyValue';
import { shortType } from './decode';

/** A Move type shortened (no addresses), the full form in its `title`, with a copy button. */
export function MoveType({ type, copy = true }: { type: string; copy?: boolean }) {
  const short = shortType(type);
  return (
    <Group gap={2} wrap="nowrap" align="flex-start">
      <Text
        component="abbr"
        size="xs"
        ff="monospace"
        title={type}
        style={{ textDecoration: 'none', wordBreak: 'break-all', cursor: 'help' }}
      >
        {short}
      </Text>
      {copy && <CopyValue value={type} label={`Copy the type ${type}`} />}
    </Group>
  );
}
