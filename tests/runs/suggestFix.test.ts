import { describe, expect, it } from 'vitest';
import { suggestFix } from '../../replay/suggestFix';
import { sampleRun } from './sampleRuns';

const details = (extra: Record<string, string>) => ({
  step: 'submit' as const,
  state: 'submitRejected' as const,
  details: { summary: 'refused', source: 'node' as const, ...extra },
});

describe('resubmit with the suggested fix (kind 4)', () => {
  it('drops the sequence number override after SEQUENCE_NUMBER_TOO_OLD', () => {
    const run = sampleRun({
      id: 'a',
      state: 'submitRejected',
      outcome: details({ vmErrorName: 'SEQUENCE_NUMBER_TOO_OLD' }),
    });
    run.draft.options.sequenceNumber = '0';
    const fix = suggestFix(run);
    expect(fix?.kind).toBe('freshSequenceNumber');
    expect(fix?.draft.options.sequenceNumber).toBeUndefined();
    expect(fix?.draft.payload).toEqual(run.draft.payload);
  });

  it('raises max gas after out of gas', () => {
    const run = sampleRun({ id: 'a', state: 'failed' });
    run.chain.vmStatus = 'Out of gas';
    run.chain.gasUsed = '2000';
    expect(suggestFix(run)).toMatchObject({
      kind: 'moreGas',
      draft: { options: { maxGasAmount: '8000' } },
    });
  });

  it('moves the expiration later after expiry', () => {
    const run = sampleRun({ id: 'a', state: 'expired' });
    run.draft.options.expirationSecs = 5;
    expect(suggestFix(run)).toMatchObject({
      kind: 'laterExpiration',
      draft: { options: { expirationSecs: 120 } },
    });
  });

  it('offers the faucet after insufficient balance, on local and devnet only', () => {
    const run = sampleRun({ id: 'a', state: 'simulated.failure' });
    run.chain.simulation = {
      success: false,
      vmStatus: 'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004)',
      gasUsed: '7',
      gasUnitPrice: '100',
      events: [],
      changes: [],
    };
    expect(suggestFix(run)).toMatchObject({ kind: 'faucetThenRetry', fundOctas: '100000000' });
    expect(suggestFix({ ...run, network: { ...run.network, name: 'testnet' } })).toBeNull();
  });

  it('suggests nothing for other failures', () => {
    expect(suggestFix(sampleRun({ id: 'a', state: 'rejected' }))).toBeNull();
  });
});
