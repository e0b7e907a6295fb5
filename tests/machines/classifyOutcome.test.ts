import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyOutcome } from '../../machines';
import type { ClassifiedState, OutcomeDetails, OutcomeStep, Produced } from '../../machines';

/** Results of the real ts-sdk against the local chain (tests/cli/captureSdkFixtures.ts). */
const fixtures = JSON.parse(
  readFileSync(new URL('../fixtures/sdkResults.json', import.meta.url), 'utf8'),
) as Record<string, { step: OutcomeStep; produced: Produced }>;

type Expected = Omit<Partial<OutcomeDetails>, 'summary'> & { summary?: RegExp | string };
type Row = [name: string, state: ClassifiedState, details: Expected];

const vmError = (vmErrorCode: number, vmErrorName: string) => ({
  source: 'node' as const,
  httpStatus: 400,
  errorCode: 'vm_error',
  vmErrorCode,
  vmErrorName,
});

const table: Row[] = [
  ['build.transport', 'buildError', { source: 'transport', summary: /Could not reach the node/ }],
  [
    'build.moduleNotFound',
    'buildError',
    {
      source: 'node',
      httpStatus: 404,
      errorCode: 'module_not_found',
      summary: /module does not exist/,
    },
  ],
  [
    'build.functionNotFound',
    'buildError',
    { source: 'sdk', summary: /not found as an entry function/ },
  ],
  ['build.badArgument', 'buildError', { source: 'sdk', summary: /arguments do not fit/ }],
  ['simulate.success', 'simulated.success', { source: 'chain', vmStatus: 'Executed successfully' }],
  [
    'simulate.insufficientBalance',
    'simulated.failure',
    {
      source: 'chain',
      summary: /^Simulation failed: Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE/,
    },
  ],
  ['simulate.sequenceNumberTooOld', 'simulated.failure', { vmStatus: 'SEQUENCE_NUMBER_TOO_OLD' }],
  ['simulate.transport', 'simulationError', { source: 'transport' }],
  ['submit.accepted', 'pending', { source: 'node' }],
  ['submit.sequenceNumberTooOld', 'submitRejected', vmError(3, 'SEQUENCE_NUMBER_TOO_OLD')],
  ['submit.transactionExpired', 'submitRejected', vmError(6, 'TRANSACTION_EXPIRED')],
  [
    'submit.insufficientBalanceForFee',
    'submitRejected',
    vmError(5, 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'),
  ],
  [
    'submit.mempoolFull',
    'submitRejected',
    { source: 'node', httpStatus: 507, errorCode: 'mempool_is_full', summary: /mempool is full/ },
  ],
  ['submit.transport', 'submitRejected', { source: 'transport' }],
  ['wait.committed', 'committed', { source: 'chain', vmStatus: 'Executed successfully' }],
  [
    'wait.moveAbort',
    'failed',
    { source: 'chain', vmStatus: 'Move abort in 0xcafe::playground: 0x2a' },
  ],
  [
    'wait.moveAbortUnchecked',
    'failed',
    { source: 'chain', vmStatus: 'Move abort in 0xcafe::playground: 0x2a' },
  ],
  ['wait.outOfGas', 'failed', { source: 'chain', vmStatus: 'Out of gas', gasUsed: '50' }],
  ['wait.timeout', 'timedOut', { source: 'sdk', summary: /wait ran out/ }],
  ['wait.transport', 'timedOut', { source: 'transport' }],
  ['lookup.committed', 'committed', { source: 'chain' }],
  ['lookup.pending', 'pending', { source: 'chain', summary: /Still pending/ }],
  ['lookup.notFoundError', 'timedOut', { notSeenYet: true, summary: /^Not seen yet/ }],
  ['lookup.transport', 'timedOut', { source: 'transport' }],
  [
    'adapter.signAndSubmitSequenceNumberTooOld',
    'submitRejected',
    { errorCode: 'vm_error', vmErrorCode: 3, vmErrorName: 'SEQUENCE_NUMBER_TOO_OLD' },
  ],
  [
    'adapter.signAndSubmitExpired',
    'submitRejected',
    { errorCode: 'vm_error', vmErrorCode: 6, vmErrorName: 'TRANSACTION_EXPIRED' },
  ],
  ['adapter.signRejected', 'rejected', { source: 'wallet', walletStatus: 'REJECTED' }],
  ['adapter.signAndSubmitRejected', 'rejected', { source: 'wallet', walletStatus: 'REJECTED' }],
];

function expectDetails(details: OutcomeDetails, expected: Expected) {
  const { summary, ...rest } = expected;
  expect(details).toMatchObject(rest);
  if (summary !== undefined) expect(details.summary).toMatch(summary);
  expect(details.summary.length).toBeGreaterThan(10);
}

describe('classifyOutcome on results captured from the real SDK', () => {
  it('has a row for every captured fixture', () => {
    expect(table.map(([name]) => name).sort()).toEqual(Object.keys(fixtures).sort());
  });

  it.each(table)('%s → %s', (name, state, details) => {
    const fixture = fixtures[name];
    if (!fixture) throw new Error(`missing fixture ${name}`);
    const result = classifyOutcome({
      step: fixture.step,
      produced: fixture.produced,
      nodeUrl: 'http://127.0.0.1:8080/v1',
    });
    expect(result.state).toBe(state);
    expectDetails(result.details, details);
  });

  it('keeps what the failed and simulated states carry', () => {
    const failed = classifyOutcome({
      step: 'wait',
      produced: fixtures['wait.outOfGas']?.produced ?? { output: null },
    });
    expect(failed.committed).toMatchObject({
      success: false,
      vmStatus: 'Out of gas',
      gasUsed: '50',
    });
    expect(failed.committed?.events.length).toBeGreaterThan(0);
    const simulated = classifyOutcome({
      step: 'simulate',
      produced: fixtures['simulate.insufficientBalance']?.produced ?? { output: null },
    });
    expect(simulated.simulation).toMatchObject({ success: false, gasUnitPrice: '100' });
  });
});

describe('classifyOutcome on wallet and actor shapes', () => {
  it.each([
    [
      'sign',
      { output: { status: 'APPROVED', authenticatorHex: '0x00', hash: null } },
      'signed',
      {},
    ],
    ['sign', { output: { status: 'Rejected' } }, 'rejected', { walletStatus: 'REJECTED' }],
    ['sign', { output: { status: 'CANCELLED' } }, 'rejected', { walletStatus: 'CANCELLED' }],
    [
      'sign',
      { output: { status: 'PENDING' } },
      'rejected',
      { walletStatus: 'PENDING', summary: /did not answer/ },
    ],
    ['sign', { output: { status: 'APPROVED' } }, 'rejected', { walletStatus: 'APPROVED' }],
    ['sign', { output: {} }, 'rejected', { walletStatus: 'INVALID' }],
    [
      'sign',
      { error: { code: 4001, message: 'The user rejected the request' } },
      'rejected',
      { walletStatus: 'REJECTED' },
    ],
    [
      'sign',
      { error: new Error('Request cancelled by the user') },
      'rejected',
      { walletStatus: 'CANCELLED' },
    ],
    [
      'sign',
      { error: new Error('The wallet is locked') },
      'rejected',
      { source: 'wallet', summary: /unlocked/ },
    ],
    [
      'signAndSubmit',
      { output: { status: 'APPROVED', hash: '0xab' } },
      'pending',
      { hash: '0xab', walletStatus: 'APPROVED' },
    ],
    ['signAndSubmit', { output: { status: 'INVALID' } }, 'rejected', { walletStatus: 'INVALID' }],
    ['submit', { output: {} }, 'submitRejected', { summary: /no transaction hash/ }],
    ['submit', { error: new Error('Invalid authenticator') }, 'submitRejected', { source: 'sdk' }],
    [
      'lookup',
      { output: { status: 'notFound', ledgerTimestampUsec: '20000000' } },
      'expired',
      { ledgerTimestampUsec: '20000000' },
    ],
    [
      'lookup',
      { output: { status: 'notFound', ledgerTimestampUsec: '19999999' } },
      'timedOut',
      { notSeenYet: true },
    ],
    [
      'lookup',
      { output: { status: 'notFound', ledgerTimestampUsec: null } },
      'timedOut',
      { notSeenYet: true },
    ],
    [
      'wait',
      { output: { type: 'pending_transaction', hash: '0xab' } },
      'timedOut',
      { source: 'sdk' },
    ],
  ] as const)('%s %o → %s', (step, produced, state, details) => {
    const result = classifyOutcome({ step, produced, expirationTimestampSecs: '20' });
    expect(result.state).toBe(state);
    expectDetails(result.details, details as Expected);
  });
});

describe('classifyOutcome is total and JSON-safe', () => {
  const steps: OutcomeStep[] = [
    'build',
    'simulate',
    'sign',
    'signAndSubmit',
    'submit',
    'wait',
    'lookup',
  ];
  const thrown = fc.oneof(
    fc.jsonValue(),
    fc.string().map((message) => new Error(message)),
    fc.record({ status: fc.integer(), data: fc.jsonValue(), message: fc.string() }),
  );

  it('answers every input with a state and plain details', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...steps),
        fc.boolean(),
        fc.jsonValue(),
        thrown,
        (step, ok, output, error) => {
          const result = classifyOutcome({
            step,
            produced: ok ? { output } : { error },
            expirationTimestampSecs: '10',
          });
          expect(typeof result.state).toBe('string');
          expect(typeof result.details.summary).toBe('string');
          expect(JSON.parse(JSON.stringify(result))).toEqual(result);
        },
      ),
      { numRuns: 300 },
    );
  });
});
