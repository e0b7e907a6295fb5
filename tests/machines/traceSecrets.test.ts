import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { classifyOutcome, createRunRecorder, redactSecrets } from '../../machines';
import type { JsonValue, RunRecord, TransactionActorId } from '../../machines';
import { flush, startTransaction, steppingClock } from './support/harness';
import type { Responder } from './support/harness';
import {
  committedSuccess,
  errors,
  HASH,
  pendingTransaction,
  sampleBuilt,
  simulationFailure,
  simulationSuccess,
} from './support/transactionSamples';

/** Issue 19, bug 1: secrets an actor hands over never reach a record, wherever they sit. */
const RAW_KEY = 'c0ffee'.repeat(10) + 'beef';
const MNEMONIC =
  'abandon ability able about above absent absorb abstract absurd abuse access accident';
const AIP80 = `ed25519-priv-0x${'7a'.repeat(32)}`;
const SECRET_TEXT = `key 0x${RAW_KEY}, phrase ${MNEMONIC}, aip80 ${AIP80}`;
const FRAGMENTS = [RAW_KEY, 'absent absorb abstract', '7a'.repeat(32)];

/** Every string of `value` replaced by the secret text: every field an actor can fill. */
function leaky(value: unknown): unknown {
  if (typeof value === 'string') return SECRET_TEXT;
  if (Array.isArray(value)) return value.map(leaky);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, leaky(v)]));
  }
  return value;
}

/** A thrown value carrying the secret in its message, its cause, its node body and its data. */
function leakyError(base: unknown): unknown {
  const error = new Error(`failed: ${SECRET_TEXT}`);
  return Object.assign(error, typeof base === 'object' && base !== null ? leaky(base) : {}, {
    message: `failed: ${SECRET_TEXT}`,
    cause: { code: 'ECONNREFUSED', message: SECRET_TEXT },
  });
}

function expectNoSecret(records: RunRecord[]) {
  const text = JSON.stringify(records);
  for (const fragment of FRAGMENTS) expect(text).not.toContain(fragment);
  for (const record of records) {
    for (const fragment of FRAGMENTS) expect(JSON.stringify(record)).not.toContain(fragment);
  }
  expect(text).toContain('[redacted]');
}

async function record(
  responders: Partial<Record<TransactionActorId, Responder>>,
  drive: (send: (type: 'run' | 'recheck' | 'sign') => void) => Promise<void> = async () => {},
  signingMode: 'sign' | 'signAndSubmit' = 'sign',
) {
  let id = 0;
  const recorder = createRunRecorder({
    now: steppingClock(5_000, 1),
    newRunId: () => `run-${++id}`,
  });
  const { actor } = startTransaction({
    responders,
    inspect: recorder.inspect,
    input: { signingMode },
  });
  actor.send({ type: 'run' });
  await waitFor(actor, (s) => s.hasTag('outcome') || s.matches({ simulated: 'failure' }));
  await drive((type) => actor.send({ type }));
  await flush();
  const records = recorder.runs();
  actor.stop();
  return { records, context: actor.getSnapshot().context };
}

const throwing =
  (base: unknown): Responder =>
  () => {
    throw leakyError(base);
  };

describe('run records hold no secret that an actor handed over', () => {
  it('outputs of every step: build, simulate, sign, submit, wait, lookup', async () => {
    const { records, context } = await record(
      {
        buildTransaction: () => leaky(sampleBuilt),
        simulateTransaction: () => leaky(simulationSuccess),
        signTransaction: () => ({
          ...(leaky({ authenticatorHex: '', hash: '' }) as object),
          status: 'APPROVED',
        }),
        submitTransaction: () => ({ hash: HASH }),
        waitForTransaction: () => {
          throw leakyError(errors.waitTimeout);
        },
        lookupTransaction: () => ({
          status: 'found',
          transaction: { ...(leaky(committedSuccess) as object), success: true },
        }),
      },
      async (send) => {
        send('recheck');
        await flush();
      },
    );
    // The machine keeps what the actors said (the UI shows it); only records are redacted.
    expect(JSON.stringify(context)).toContain(RAW_KEY);
    expect(records.at(-1)?.state).toBe('committed');
    expect(records.at(-1)?.chain.vmStatus).toContain('[redacted]');
    expectNoSecret(records);
  });

  it('a simulation that failed with secrets in its VM status and events', async () => {
    const { records } = await record({
      buildTransaction: () => sampleBuilt,
      simulateTransaction: () => leaky(simulationFailure),
    });
    expect(records[0]?.state).toBe('simulated.failure');
    expectNoSecret(records);
  });

  it.each([
    ['buildTransaction', errors.transport],
    ['simulateTransaction', errors.sequenceTooOld],
    ['signTransaction', { status: 'Rejected' }],
    ['submitTransaction', errors.sequenceTooOld],
    ['waitForTransaction', errors.waitFailed],
  ] as const)(
    'errors thrown by %s, with the secret in message, cause and body',
    async (id, base) => {
      const responders: Partial<Record<TransactionActorId, Responder>> = {
        buildTransaction: () => sampleBuilt,
        simulateTransaction: () => simulationSuccess,
        signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
        submitTransaction: () => ({ hash: HASH }),
        [id]: throwing(base),
      };
      const { records } = await record(responders);
      expect(
        records[0]?.outcome?.details.cause ?? records[0]?.outcome?.details.vmStatus,
      ).toBeDefined();
      expectNoSecret(records);
    },
  );

  it.each(['sign', 'signAndSubmit'] as const)(
    'wallet answers in %s mode: a refusal with a message, and a thrown wallet error',
    async (mode) => {
      const id = mode === 'sign' ? 'signTransaction' : 'signAndSubmitTransaction';
      for (const answer of [
        () => ({ status: 'REJECTED', message: SECRET_TEXT }),
        throwing({ status: 'Rejected' }),
        throwing({}),
      ]) {
        const { records } = await record(
          {
            buildTransaction: () => sampleBuilt,
            simulateTransaction: () => simulationSuccess,
            [id]: answer,
          },
          async () => {},
          mode,
        );
        expect(records[0]?.outcome?.details.cause).toContain('[redacted]');
        expectNoSecret(records);
      }
    },
  );

  it('a lookup that failed, after the wait ran out', async () => {
    const { records } = await record(
      {
        buildTransaction: () => sampleBuilt,
        simulateTransaction: () => simulationSuccess,
        signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
        submitTransaction: () => ({ hash: HASH }),
        waitForTransaction: () => leaky(pendingTransaction),
        lookupTransaction: throwing(errors.transport),
      },
      async (send) => {
        send('recheck');
        await flush();
      },
    );
    expect(records.at(-1)?.state).toBe('timedOut');
    expectNoSecret(records);
  });
});

describe('redactSecrets in text', () => {
  it('redacts a raw key, a phrase and an AIP-80 key inside text, and keeps whole hex values', () => {
    // The lower-case words next to a phrase go with it.
    expect(redactSecrets(SECRET_TEXT)).toBe('key [redacted], [redacted], aip80 [redacted]');
    expect(redactSecrets(HASH)).toBe(HASH);
    expect(redactSecrets(`0x${RAW_KEY}::module::f`)).toBe(`0x${RAW_KEY}::module::f`);
    expect(redactSecrets(`abort in 0x${RAW_KEY}::m: E(0x1)`)).toBe(
      `abort in 0x${RAW_KEY}::m: E(0x1)`,
    );
    // Eleven short words are a sentence, twelve could be a phrase.
    const eleven = MNEMONIC.split(' ').slice(0, 11).join(' ');
    expect(redactSecrets(eleven)).toBe(eleven);
  });

  it('keeps every summary the classifier writes; a hash inside a cause goes (chain.hash keeps it)', () => {
    const produced: Array<[Parameters<typeof classifyOutcome>[0]['step'], JsonValue | object]> = [
      ['submit', errors.sequenceTooOld],
      ['submit', errors.mempoolFull],
      ['build', errors.transport],
      ['wait', errors.waitTimeout],
      ['lookup', errors.notFound],
      ['sign', errors.adapterRejection],
    ];
    for (const [step, error] of produced) {
      const { details } = classifyOutcome({
        step,
        produced: { error },
        nodeUrl: 'http://127.0.0.1:8080/v1',
      });
      expect(redactSecrets(details.summary)).toBe(details.summary);
    }
    expect(redactSecrets(errors.waitTimeout.message)).toBe(
      'Transaction [redacted] timed out in pending state after 1 seconds',
    );
  });

  it('cuts a long cause between words, so no key is cut in half', () => {
    const message = `${'x'.repeat(590)} ${AIP80} tail`;
    const { details } = classifyOutcome({ step: 'build', produced: { error: new Error(message) } });
    expect(details.cause).toBe(`${'x'.repeat(590)}…`);
  });
});
