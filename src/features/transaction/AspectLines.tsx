import { Code, Stack, Text } from '@mantine/core';
import { canonicalAddresses, compactAddresses } from '../../format/address';

/**
 * One side of an execution diff's aspect (events, balance changes, write set…): a line each,
 * types and modules named short (the full form on hover).
 */
export function AspectLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return <Text size="xs">none</Text>;
  return (
    <Stack gap={2}>
      {lines.map((line, index) => {
        const short = compactAddresses(line);
        const full = canonicalAddresses(line);
        return (
          <Code
            key={index}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            title={full === short ? undefined : full}
          >
            {short}
          </Code>
        );
      })}
    </Stack>
  );
}
