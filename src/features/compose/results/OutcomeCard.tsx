import { Alert, Badge, Box, Code, Group, Stack, Text } from '@mantine/core';
import { explainValidationCode, type StepOutcome } from '../../../../machines';
import { compactAddresses } from '../../../format/address';
import { CodeText } from '../../transaction/CodeText';
import { ExpirationVsChainTime } from './ExpirationVsChainTime';

const COLORS: Record<string, string> = {
  committed: 'teal',
  built: 'blue',
  signed: 'blue',
  pending: 'blue',
  'simulated.success': 'teal',
  timedOut: 'orange',
};

/**
 * What the last step's result means: the classifier's summary, and the details that matter for
 * its state (the wallet's status, the node's error and validation code with cause and fix).
 */
export function OutcomeCard({
  outcome,
  expirationSecs,
}: {
  outcome: StepOutcome;
  /** The built transaction's expiration, shown against the chain's time when it expired. */
  expirationSecs?: string;
}) {
  const { details, state } = outcome;
  const validation =
    details.vmErrorName !== undefined || details.vmErrorCode !== undefined
      ? explainValidationCode({
          name: details.vmErrorName ?? null,
          code: details.vmErrorCode ?? null,
        })
      : null;
  return (
    <Box component="section" aria-label="Step outcome">
      <Alert color={COLORS[state] ?? 'red'} title={`Last step: ${outcome.step} → ${state}`}>
        <Stack gap={4}>
          <Text size="sm">
            <CodeText>{compactAddresses(details.summary)}</CodeText>
          </Text>
          <Group gap="xs">
            {details.walletStatus && (
              <Badge
                color={details.walletStatus === 'APPROVED' ? 'teal' : 'red'}
                aria-label="Wallet status"
              >
                {details.walletStatus}
              </Badge>
            )}
            {details.errorCode && (
              <Text size="sm">
                error_code <Code>{details.errorCode}</Code>
              </Text>
            )}
            {details.httpStatus !== undefined && (
              <Text size="sm">
                HTTP <Code>{details.httpStatus}</Code>
              </Text>
            )}
            {details.vmErrorCode !== undefined && (
              <Text size="sm">
                vm_error_code <Code>{details.vmErrorCode}</Code>
              </Text>
            )}
          </Group>
          {validation && (
            <Stack gap={2} aria-label="Validation code explained">
              <Text size="sm" fw={600}>
                {validation.name}
              </Text>
              <Text size="sm">
                <strong>Likely cause:</strong> <CodeText>{validation.likelyCause}</CodeText>
              </Text>
              <Text size="sm">
                <strong>Fix:</strong> <CodeText>{validation.fix}</CodeText>
              </Text>
            </Stack>
          )}
          {expirationSecs !== undefined &&
            (state === 'expired' || validation?.name === 'TRANSACTION_EXPIRED') && (
              <ExpirationVsChainTime expirationSecs={expirationSecs} />
            )}
          {details.hash && (
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              hash {details.hash}
            </Text>
          )}
          {details.cause && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              <CodeText>{details.cause}</CodeText>
            </Text>
          )}
        </Stack>
      </Alert>
    </Box>
  );
}
