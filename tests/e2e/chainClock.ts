/**
 * An expiration for transactions the journeys build with the SDK, taken from the shared chain's
 * clock. The SDK's default (wall clock + 20 s) is already expired after a journey advanced the
 * chain clock (chain.e2e.ts): ledger time does not go back when it is reset, so the chain stays
 * ahead of wall time until wall time catches up.
 */
export async function chainExpireTimestamp(restUrl: string, seconds = 120): Promise<number> {
  const response = await fetch(`${restUrl.replace(/\/v1\/?$/, '')}/workbench/clock`);
  if (!response.ok) throw new Error(`GET /workbench/clock answered ${response.status}`);
  const clock = (await response.json()) as { next_block_microseconds: string };
  return Number(BigInt(clock.next_block_microseconds) / 1_000_000n) + seconds;
}
