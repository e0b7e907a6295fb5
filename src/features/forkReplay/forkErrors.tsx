import { Alert, Text } from '@mantine/core';
import { ForkReplayError, type ForkReplayErrorCode } from '../../../replay/forkReplay';
import { errorMessage } from '../../errors/errorMessage';

const TITLES: Record<ForkReplayErrorCode, string> = {
  version_pruned: 'That state is pruned: an archive node or a newer version is needed',
  rate_limited: 'The upstream is rate limiting (429)',
  unreachable: 'The upstream node did not answer',
  no_fork_control: 'Forks need the embedded chain',
  sender_absent: 'That sender had no account at that state',
  failed: 'The replay failed',
};

/** A fork's or a replay's failure: what happened, then what would help. */
export function ForkFailure({ error }: { error: Error }) {
  const known = error instanceof ForkReplayError;
  return (
    <Alert color="red" title={known ? TITLES[error.code] : 'The replay failed'} role="alert">
      <Text size="sm">{known ? error.message : errorMessage(error)}</Text>
      {known && (
        <Text size="sm" mt={4}>
          {error.hint}
        </Text>
      )}
    </Alert>
  );
}
