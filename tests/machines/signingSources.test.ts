import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { statePath } from '../../machines';
import type { SigningMode, TransactionActorId } from '../../machines';
import { startTransaction } from './support/harness';
import type { Responder } from './support/harness';
import { errors, HASH, sampleBuilt, simulationSuccess } from './support/transactionSamples';

/**
 * Issue 19, bug 2: a failure while signing (and submitting) is classified by where it came from,
 * in both signing modes. In `sign` mode the wallet only signs and the workbench submits, so the
 * node and the network fail at the submit step; in `signAndSubmit` mode all four come from the
 * wallet's one request.
 */
const NETWORK_DOWN =
  'Could not build the transaction against http://127.0.0.1:8080/v1: fetch failed.';

type Source = 'walletSaidNo' | 'walletFailed' | 'nodeRefused' | 'networkFailed';

const answers: Record<
  SigningMode,
  Record<Source, Partial<Record<TransactionActorId, Responder>>>
> = {
  sign: {
    walletSaidNo: { signTransaction: () => ({ status: 'REJECTED', message: 'No.' }) },
    walletFailed: {
      signTransaction: () => {
        throw new Error('The wallet crashed');
      },
    },
    nodeRefused: {
      submitTransaction: () => {
        throw errors.sequenceTooOld;
      },
    },
    networkFailed: {
      submitTransaction: () => {
        throw errors.transport;
      },
    },
  },
  signAndSubmit: {
    walletSaidNo: {
      signAndSubmitTransaction: () => {
        throw errors.adapterRejection;
      },
    },
    walletFailed: {
      signAndSubmitTransaction: () => {
        throw new Error('The wallet approved the request, then failed: out of memory');
      },
    },
    nodeRefused: {
      signAndSubmitTransaction: () => {
        throw errors.adapterNodeError;
      },
    },
    // The dev wallet builds against its own node: an unreachable node comes back as INVALID.
    networkFailed: {
      signAndSubmitTransaction: () => ({ status: 'INVALID', message: NETWORK_DOWN }),
    },
  },
};

const expected: Record<Source, { state: string; source: string }> = {
  walletSaidNo: { state: 'rejected', source: 'wallet' },
  walletFailed: { state: 'rejected', source: 'wallet' },
  nodeRefused: { state: 'submitRejected', source: 'node' },
  networkFailed: { state: 'submitRejected', source: 'transport' },
};

async function run(mode: SigningMode, source: Source) {
  const { actor } = startTransaction({
    input: { signingMode: mode },
    responders: {
      buildTransaction: () => sampleBuilt,
      simulateTransaction: () => simulationSuccess,
      signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
      submitTransaction: () => ({ hash: HASH }),
      ...answers[mode][source],
    },
  });
  actor.send({ type: 'run' });
  const snapshot = await waitFor(actor, (s) => s.hasTag('outcome'));
  actor.stop();
  return snapshot;
}

describe.each(['sign', 'signAndSubmit'] as const)('signing mode %s: failures by source', (mode) => {
  it.each(['walletSaidNo', 'walletFailed', 'nodeRefused', 'networkFailed'] as const)(
    '%s',
    async (source) => {
      const snapshot = await run(mode, source);
      expect(statePath(snapshot.value)).toBe(expected[source].state);
      const details = snapshot.context.outcome?.details;
      expect(details?.source).toBe(expected[source].source);
      expect(snapshot.can({ type: 'retry' })).toBe(true);
      if (source === 'walletSaidNo') expect(details?.walletStatus).toBe('REJECTED');
      if (source === 'walletFailed') expect(details?.walletStatus).toBeUndefined();
      if (source === 'nodeRefused') {
        expect(details?.errorCode).toBe('vm_error');
        expect(details?.vmErrorName).toBe(
          mode === 'sign' ? 'SEQUENCE_NUMBER_TOO_OLD' : 'TRANSACTION_EXPIRED',
        );
      }
      if (source === 'networkFailed') {
        // The network error is shown, with what to do next.
        expect(details?.summary).toMatch(
          /^Could not reach the node at http:\/\/127\.0\.0\.1:8080\/v1 while (signing and )?submitting\..* then retry\.$/,
        );
        expect(details?.cause).toContain('fetch failed');
      }
    },
  );
});

describe('a network failure reported by the wallet as a refusal', () => {
  it('keeps the wallet status it came with, beside the network verdict', async () => {
    const snapshot = await run('signAndSubmit', 'networkFailed');
    expect(snapshot.context.outcome?.details.walletStatus).toBe('INVALID');
    expect(snapshot.context.walletRequests).toEqual([
      { request: 'signAndSubmitTransaction', status: 'INVALID', attempt: 1 },
    ]);
  });
});
