import { Alert, Box, Code, List, Stack, Text } from '@mantine/core';
import { explainVmStatus } from '../../../machines';
import { canonicalAddresses, compactAddresses } from '../../format/address';
import { CodeText } from './CodeText';
import classes from './VmStatusExplanation.module.css';

/**
 * A VM status with its plain-words explanation (abort parts, out of gas, validation code). A
 * labelled group, not a landmark: a page shows one per result (simulated and committed).
 */
export function VmStatusExplanation({ vmStatus }: { vmStatus: string }) {
  const explained = explainVmStatus(vmStatus);
  // Modules named with short addresses (0xcafe::playground); the VM status line keeps the chain's.
  const abortModule = explained.abort
    ? `${explained.abort.address}::${explained.abort.module}`
    : '';
  const ok = explained.kind === 'success';
  return (
    <Box role="group" aria-label="VM status explained" className={classes.panel}>
      <Alert color={ok ? 'teal' : 'red'} variant="light" title={compactAddresses(explained.title)}>
        <Stack gap={4}>
          <Text size="sm">
            VM status: <Code>{vmStatus}</Code>
          </Text>
          {explained.abort && (
            <List size="sm" spacing={0}>
              <List.Item>
                Module:{' '}
                <Code title={canonicalAddresses(abortModule)}>{compactAddresses(abortModule)}</Code>
              </List.Item>
              <List.Item>Name: {explained.abort.name ?? '(not named by the module)'}</List.Item>
              <List.Item>
                Code: {explained.abort.codeHex} ({explained.abort.code}
                {explained.abort.category ? `; reason ${explained.abort.reason}` : ''})
              </List.Item>
              {explained.abort.category && (
                <List.Item>Category: {explained.abort.category}</List.Item>
              )}
              <List.Item>Description: {explained.abort.description ?? '(none given)'}</List.Item>
            </List>
          )}
          <Text size="sm">
            <CodeText>{compactAddresses(explained.explanation)}</CodeText>
          </Text>
          {explained.fix && (
            <Text size="sm">
              <strong>Fix:</strong> <CodeText>{compactAddresses(explained.fix)}</CodeText>
            </Text>
          )}
        </Stack>
      </Alert>
    </Box>
  );
}
