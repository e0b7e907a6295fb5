import { Stack, Text } from '@mantine/core';
import type { DecodedField } from './decode';

/** Decoded Move fields, one `name: value` per line, wrapping rather than clipping. */
export function FieldList({ fields }: { fields: readonly DecodedField[] }) {
  if (fields.length === 0)
    return (
      <Text size="xs" c="dimmed">
        –
      </Text>
    );
  return (
    <Stack gap={0}>
      {fields.map((field) => (
        <Text key={field.name} size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          <Text span size="xs" c="dimmed" ff="monospace">
            {field.name}:
          </Text>{' '}
          {field.value}
        </Text>
      ))}
    </Stack>
  );
}
