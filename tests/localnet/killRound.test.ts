import { describe, expect, it } from 'vitest';
import { runKill9 } from '../../bench/reliability/kill9.ts';

/**
 * One short kill -9 round of `npm run reliability` (bench/reliability/kill9.ts): `npm run
 * localnet` in a child process under load, SIGKILL at a random moment, started again on its data
 * dir. The long run does 20 rounds with and without --fsync.
 */
describe('kill -9 under load', () => {
  it('keeps every transaction a client saw committed, identical, and refuses it again as too old', async () => {
    const result = await runKill9({
      rounds: 1,
      fsync: false,
      accounts: 2,
      killAfterMs: [1_500, 2_500],
    });
    expect(result.problems).toStrictEqual([]);
    expect(result.rounds).toBe(1);
    expect(result.seenCommitted).toBeGreaterThan(0);
    expect(result.committedLost + result.committedChanged + result.phantom).toBe(0);
    expect(result.versionGaps).toBe(0);
    expect(result.pendingAfterRestart).toBe(0);
    expect(result.resubmitRefused).toBe(1);
  }, 90_000);
});
