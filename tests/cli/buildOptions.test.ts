import { describe, expect, it } from 'vitest';
import { buildOptions } from '../../chainActors/chainActors';

// The chain's clock may run ahead of the wall clock (the dev controls' clock advance): every
// expiration counts from the clock the actor is handed, never from the SDK's wall clock.
const chainNowMs = Date.UTC(2030, 0, 1, 12, 0, 0, 750);

describe('the SDK build options of a draft', () => {
  it('counts the default expiration (20 s, as the SDK) from the chain clock', () => {
    expect(buildOptions({}, chainNowMs).expireTimestamp).toBe(Math.floor(chainNowMs / 1000) + 20);
  });

  it('counts a chosen expiration from the chain clock', () => {
    expect(buildOptions({ expirationSecs: 600 }, chainNowMs).expireTimestamp).toBe(
      Math.floor(chainNowMs / 1000) + 600,
    );
  });

  it('passes gas and sequence number through as numbers and a bigint', () => {
    expect(
      buildOptions({ maxGasAmount: '2000', gasUnitPrice: '150', sequenceNumber: '7' }, chainNowMs),
    ).toMatchObject({ maxGasAmount: 2000, gasUnitPrice: 150, accountSequenceNumber: 7n });
  });
});
