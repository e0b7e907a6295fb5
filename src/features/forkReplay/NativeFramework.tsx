import { Alert, Code, List, Text } from '@mantine/core';
import { NATIVE_FRAMEWORK_WARNING } from '../../../replay/forkReplay';
import { compactAddresses } from '../../format/address';

/** The framework functions the fork ran natively, with the warning that they may differ. */
export function NativeFramework({ functions }: { functions: readonly string[] }) {
  if (functions.length === 0) {
    return (
      <Text size="xs">
        No framework function ran natively: the fork ran the same bytecode as the upstream.
      </Text>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      title={`${functions.length} framework function${functions.length === 1 ? '' : 's'} ran natively`}
    >
      <Text size="xs" mb={4}>
        {NATIVE_FRAMEWORK_WARNING}
      </Text>
      <List size="xs" aria-label="Framework functions run natively">
        {functions.map((name) => (
          <List.Item key={name}>
            <Code title={name}>{compactAddresses(name)}</Code>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
