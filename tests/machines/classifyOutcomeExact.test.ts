/**
 * The classifier's whole answer, exactly (`toStrictEqual`, so a field set to `undefined` counts),
 * for each source of each step: the summary a user reads, the source, and every detail kept.
 * Complements classifyOutcome.test.ts (captured SDK fixtures, matched by pattern).
 */
import { describe, expect, it } from 'vitest';
import { classifyOutcome } from '../../machines';
import type { ClassifyArgs, OutcomeStep, Produced } from '../../machines';

const NODE = 'http://127.0.0.1:8080/v1';
const HASH = `0x${'ab'.repeat(32)}`;

const classify = (
  step: OutcomeStep,
  produced: Produced,
  extra: Partial<Omit<ClassifyArgs, 'step' | 'produced'>> = {},
) => classifyOutcome({ step, produced, ...extra });

/** The SDK's AptosApiError, by shape. */
function apiError(args: {
  status?: number;
  message?: string;
  data?: Record<string, unknown>;
}): Record<string, unknown> {
  return {
    name: 'AptosApiError',
    message: args.message ?? 'Request failed',
    ...(args.status === undefined ? {} : { status: args.status }),
    ...(args.data === undefined ? {} : { data: args.data }),
  };
}

/** A refused connection, as undici reports it (the code sits on the cause). */
const refused = () => {
  const error = new TypeError('fetch failed');
  (error as { cause?: unknown }).cause = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' };
  return error;
};
const refusedCause = 'fetch failed (ECONNREFUSED connect ECONNREFUSED)';

const transportSummary = (what: string, node: string | null) =>
  `Could not reach ${node === null ? 'the node' : `the node at ${node}`} while ${what}. Check that the node is running and that the URL is right, then retry.`;

describe('build', () => {
  it('built', () => {
    expect(classify('build', { output: {} })).toStrictEqual({
      state: 'built',
      details: { summary: 'Built; ready to simulate or sign.', source: 'sdk' },
    });
  });

  it('names the node when it is known, and says "the node" when not', () => {
    expect(classify('build', { error: refused() }, { nodeUrl: NODE })).toStrictEqual({
      state: 'buildError',
      details: {
        summary: transportSummary('building', NODE),
        source: 'transport',
        cause: refusedCause,
      },
    });
    expect(classify('build', { error: refused() }).details.summary).toBe(
      transportSummary('building', null),
    );
  });

  it('the node refused: module, account, another code, no code', () => {
    expect(
      classify('build', {
        error: apiError({
          status: 404,
          data: { message: 'gone', error_code: 'account_not_found' },
        }),
      }),
    ).toStrictEqual({
      state: 'buildError',
      details: {
        summary: 'The account does not exist on this network. Check the address, or fund it first.',
        source: 'node',
        cause: 'Request failed',
        httpStatus: 404,
        errorCode: 'account_not_found',
      },
    });
    expect(
      classify('build', {
        error: apiError({ status: 400, data: { message: 'bad', error_code: 'invalid_input' } }),
      }).details.summary,
    ).toBe(
      'The node refused a request while building (invalid_input). Check the payload and the options.',
    );
    expect(classify('build', { error: apiError({ status: 502 }) })).toStrictEqual({
      state: 'buildError',
      details: {
        summary:
          'The node refused a request while building (HTTP 502). Check the payload and the options.',
        source: 'node',
        cause: 'Request failed',
        httpStatus: 502,
      },
    });
    // An AptosApiError without a status or a body: nothing to name but that it is unknown.
    expect(classify('build', { error: apiError({}) }).details).toStrictEqual({
      summary:
        'The node refused a request while building (HTTP ?). Check the payload and the options.',
      source: 'node',
      cause: 'Request failed',
    });
  });

  it('the SDK refused before the node: function, arguments, anything else', () => {
    const sdk = (message: string) => classify('build', { error: new Error(message) }).details;
    const notFound =
      'The function was not found as an entry function. Check its name and that it is `entry`.';
    expect(sdk("Could not find function ABI for '0x1::coin::nope'")).toStrictEqual({
      summary: notFound,
      source: 'sdk',
      cause: "Could not find function ABI for '0x1::coin::nope'",
    });
    expect(sdk('The function 0x1::coin::nope was not found').summary).toBe(notFound);
    expect(sdk('Type mismatch for argument 1').summary).toBe(
      'The arguments do not fit the function. Check them against its parameters.',
    );
    expect(sdk('Something odd happened').summary).toBe(
      'Building failed. Check the payload and the options.',
    );
  });
});

describe('simulate', () => {
  it('transport, with and without the node named', () => {
    expect(classify('simulate', { error: refused() }, { nodeUrl: NODE })).toStrictEqual({
      state: 'simulationError',
      details: {
        summary: transportSummary('simulating', NODE),
        source: 'transport',
        cause: refusedCause,
      },
    });
  });

  it('the node refused: with a code, with only a status, with neither', () => {
    expect(
      classify('simulate', {
        error: apiError({ status: 400, data: { message: 'no', error_code: 'invalid_input' } }),
      }),
    ).toStrictEqual({
      state: 'simulationError',
      details: {
        summary:
          'The node refused to simulate (invalid_input). Check the transaction and the node.',
        source: 'node',
        cause: 'Request failed',
        httpStatus: 400,
        errorCode: 'invalid_input',
      },
    });
    expect(classify('simulate', { error: apiError({ status: 503 }) }).details.summary).toBe(
      'The node refused to simulate (HTTP 503). Check the transaction and the node.',
    );
    expect(classify('simulate', { error: apiError({}) }).details.summary).toBe(
      'The node refused to simulate (HTTP ?). Check the transaction and the node.',
    );
  });

  it('failed in the SDK', () => {
    expect(classify('simulate', { error: new Error('bad signer') })).toStrictEqual({
      state: 'simulationError',
      details: {
        summary: 'Simulation failed before reaching the node. Check the transaction.',
        source: 'sdk',
        cause: 'bad signer',
      },
    });
  });

  it('an answer that is not a transaction', () => {
    expect(classify('simulate', { output: [{ nope: 1 }] })).toStrictEqual({
      state: 'simulationError',
      details: {
        summary: 'The node answered the simulation with something that is not a transaction.',
        source: 'node',
        cause: '[{"nope":1}]',
      },
    });
  });

  it('a failure keeps one final period off the VM status, and only at the end', () => {
    const failed = (vmStatus: string) =>
      classify('simulate', {
        output: [{ success: false, vm_status: vmStatus, gas_used: '7', gas_unit_price: '100' }],
      });
    expect(failed('Out of gas..')).toStrictEqual({
      state: 'simulated.failure',
      simulation: {
        success: false,
        vmStatus: 'Out of gas..',
        gasUsed: '7',
        gasUnitPrice: '100',
        events: [],
        changes: [],
      },
      details: {
        summary: 'Simulation failed: Out of gas. Submitting it would fail the same way.',
        source: 'chain',
        vmStatus: 'Out of gas..',
        gasUsed: '7',
      },
    });
    expect(failed('Move abort in 0x1::coin: E.X.').details.summary).toBe(
      'Simulation failed: Move abort in 0x1::coin: E.X. Submitting it would fail the same way.',
    );
  });
});

describe('the node’s error details', () => {
  it('names the validation code from the message, before the table', () => {
    // Code 3 is SEQUENCE_NUMBER_TOO_OLD in the table; the message's own name wins.
    const error = apiError({
      status: 400,
      message: 'Invalid transaction: Validation Code: SOMETHING_NEWER',
      data: { error_code: 'vm_error', vm_error_code: 3 },
    });
    expect(classify('submit', { error }).details).toStrictEqual({
      summary:
        'The node refused the transaction: SOMETHING_NEWER. Check the sender, the sequence number, the gas options and the expiration, then rebuild.',
      source: 'node',
      cause: 'Invalid transaction: Validation Code: SOMETHING_NEWER',
      httpStatus: 400,
      errorCode: 'vm_error',
      vmErrorCode: 3,
      vmErrorName: 'SOMETHING_NEWER',
    });
  });

  it('falls back to the table, and names nothing for an unknown code', () => {
    const withCode = (vm_error_code: number) =>
      classify('submit', {
        error: apiError({
          status: 400,
          data: { message: 'refused', error_code: 'vm_error', vm_error_code },
        }),
      }).details;
    expect(withCode(4)).toStrictEqual({
      summary:
        'The node refused the transaction: SEQUENCE_NUMBER_TOO_NEW. Rebuild without the override, or submit the missing earlier transactions first.',
      source: 'node',
      cause: 'Request failed',
      httpStatus: 400,
      errorCode: 'vm_error',
      vmErrorCode: 4,
      vmErrorName: 'SEQUENCE_NUMBER_TOO_NEW',
    });
    expect(withCode(3).summary).toBe(
      'The node refused the transaction: SEQUENCE_NUMBER_TOO_OLD. Remove the sequence number override and rebuild: building takes the account’s current sequence number.',
    );
    expect(withCode(987_654)).toStrictEqual({
      summary:
        'The node refused the transaction (vm_error). Check the sender, the sequence number, the gas options and the expiration, then rebuild.',
      source: 'node',
      cause: 'Request failed',
      httpStatus: 400,
      errorCode: 'vm_error',
      vmErrorCode: 987_654,
    });
  });

  it('an adapter string carrying the node’s body: no HTTP status, no vm code', () => {
    const text = 'Transaction failed: {"message":"mempool is full","error_code":"mempool_is_full"}';
    expect(classify('submit', { error: text })).toStrictEqual({
      state: 'submitRejected',
      details: {
        summary: 'The node’s mempool is full. Wait a moment and retry.',
        source: 'node',
        cause: text,
        errorCode: 'mempool_is_full',
      },
    });
  });
});

describe('submit', () => {
  it('the node refused with a code, a status, neither', () => {
    expect(
      classify('submit', {
        error: apiError({ status: 400, data: { message: 'x', error_code: 'invalid_input' } }),
      }).details.summary,
    ).toBe('The node refused the transaction (invalid_input).');
    expect(classify('submit', { error: apiError({ status: 500 }) }).details.summary).toBe(
      'The node refused the transaction (HTTP 500).',
    );
    expect(classify('submit', { error: apiError({}) }).details.summary).toBe(
      'The node refused the transaction (HTTP ?).',
    );
  });

  it('accepted without a hash', () => {
    expect(classify('submit', { output: { ok: true } })).toStrictEqual({
      state: 'submitRejected',
      details: {
        summary: 'The node accepted the request but returned no transaction hash.',
        source: 'node',
        cause: '{"ok":true}',
      },
    });
  });
});

describe('sign: the wallet’s answer', () => {
  const refusal = (walletStatus: string, what: string, cause?: string) => ({
    state: 'rejected',
    details: {
      summary: `${what}. Sign again, or edit the draft.`,
      source: 'wallet',
      walletStatus,
      ...(cause === undefined ? {} : { cause }),
    },
  });

  it('each status has its own words', () => {
    expect(classify('sign', { output: { status: 'Rejected' } })).toStrictEqual(
      refusal('REJECTED', 'The wallet rejected the request'),
    );
    expect(classify('sign', { output: { status: 'Canceled', message: 'closed' } })).toStrictEqual(
      refusal('CANCELLED', 'The wallet request was cancelled', 'closed'),
    );
    expect(classify('sign', { output: { status: 'PENDING' } })).toStrictEqual(
      refusal('PENDING', 'The wallet did not answer the request'),
    );
    expect(classify('sign', { output: { status: 'INVALID' } })).toStrictEqual(
      refusal('INVALID', 'The wallet found the request invalid'),
    );
    // APPROVED without an authenticator is not a signature.
    expect(classify('sign', { output: { status: 'APPROVED' } })).toStrictEqual(
      refusal('APPROVED', 'The wallet did not sign'),
    );
    expect(classify('sign', { output: 'yes' })).toStrictEqual(
      refusal('INVALID', 'The wallet found the request invalid'),
    );
  });
});

describe('signAndSubmit', () => {
  it('a hash with no status is the wallet’s approval', () => {
    expect(classify('signAndSubmit', { output: { hash: HASH } })).toStrictEqual({
      state: 'pending',
      hash: HASH,
      details: {
        summary: 'Submitted; waiting for the chain.',
        source: 'node',
        hash: HASH,
        walletStatus: 'APPROVED',
      },
    });
  });

  it('a hash with a refusal status is a refusal', () => {
    expect(
      classify('signAndSubmit', { output: { hash: HASH, status: 'REJECTED', message: 'no' } }),
    ).toStrictEqual({
      state: 'rejected',
      details: {
        summary: 'The wallet rejected the request. Sign again, or edit the draft.',
        source: 'wallet',
        walletStatus: 'REJECTED',
        cause: 'no',
      },
    });
  });

  it('a refusal whose words are the user’s, not the network’s, stays a refusal', () => {
    expect(
      classify('signAndSubmit', { output: { status: 'REJECTED', message: 'User rejected' } }).state,
    ).toBe('rejected');
  });

  it('no status and no hash: INVALID, with the message kept', () => {
    expect(classify('signAndSubmit', { output: { message: 'confused' } })).toStrictEqual({
      state: 'rejected',
      details: {
        summary: 'The wallet found the request invalid. Sign again, or edit the draft.',
        source: 'wallet',
        walletStatus: 'INVALID',
        cause: 'confused',
      },
    });
  });

  it('a network failure reported without a status carries no wallet status', () => {
    expect(
      classify(
        'signAndSubmit',
        { output: { message: 'TypeError: fetch failed' } },
        { nodeUrl: NODE },
      ),
    ).toStrictEqual({
      state: 'submitRejected',
      details: {
        summary: transportSummary('signing and submitting', NODE),
        source: 'transport',
        cause: 'TypeError: fetch failed',
      },
    });
  });
});

describe('wait', () => {
  it('an answer that is not committed', () => {
    expect(classify('wait', { output: { type: 'pending_transaction' } })).toStrictEqual({
      state: 'timedOut',
      details: {
        summary: 'The wait ended without a committed transaction. Recheck to ask the chain again.',
        source: 'sdk',
        cause: '{"type":"pending_transaction"}',
      },
    });
  });

  it('a committed answer reads every field, with defaults for the missing ones', () => {
    expect(classify('wait', { output: { success: true } })).toStrictEqual({
      state: 'committed',
      committed: {
        hash: '',
        version: '',
        success: true,
        vmStatus: '',
        gasUsed: '0',
        events: [],
        changes: [],
      },
      details: {
        summary: 'Committed at version .',
        source: 'chain',
        hash: '',
        version: '',
        vmStatus: '',
        gasUsed: '0',
      },
    });
  });

  it('the SDK timed out', () => {
    expect(
      classify('wait', {
        error: new Error('Transaction 0x1 timed out in pending state after 20 seconds'),
      }),
    ).toStrictEqual({
      state: 'timedOut',
      details: {
        summary:
          'The wait ran out while the transaction was pending; its outcome is unknown. Recheck to ask the chain again.',
        source: 'sdk',
        cause: 'Transaction 0x1 timed out in pending state after 20 seconds',
      },
    });
  });

  it('the network failed', () => {
    expect(classify('wait', { error: refused() }, { nodeUrl: NODE })).toStrictEqual({
      state: 'timedOut',
      details: {
        summary: `${transportSummary('waiting', NODE)} The outcome is unknown until a recheck.`,
        source: 'transport',
        cause: refusedCause,
      },
    });
  });

  it('the node or the SDK failed', () => {
    const summary =
      'The wait failed before the chain gave an outcome. Recheck to ask the chain again.';
    expect(classify('wait', { error: apiError({ status: 500 }) })).toStrictEqual({
      state: 'timedOut',
      details: { summary, source: 'node', cause: 'Request failed', httpStatus: 500 },
    });
    expect(classify('wait', { error: new Error('boom') })).toStrictEqual({
      state: 'timedOut',
      details: { summary, source: 'sdk', cause: 'boom' },
    });
  });
});

describe('lookup', () => {
  const notSeen = (ledgerTimestampUsec?: string) => ({
    state: 'timedOut',
    details: {
      summary:
        'Not seen yet: the chain does not know the hash and the expiration time has not passed. Recheck later.',
      source: 'chain',
      notSeenYet: true,
      ...(ledgerTimestampUsec === undefined ? {} : { ledgerTimestampUsec }),
    },
  });

  it('not found: expired only with both a clock and an expiration', () => {
    const lookup = (ledgerTimestampUsec: string | null, expirationTimestampSecs: string | null) =>
      classify(
        'lookup',
        { output: { status: 'notFound', ledgerTimestampUsec } },
        { expirationTimestampSecs },
      );
    expect(lookup('5000000', '5')).toStrictEqual({
      state: 'expired',
      details: {
        summary:
          'The chain has not seen the transaction and its clock is past the expiration (5 s): it will never commit. Retry to build a new one.',
        source: 'chain',
        ledgerTimestampUsec: '5000000',
      },
    });
    expect(lookup('4999999', '5')).toStrictEqual(notSeen('4999999'));
    expect(lookup('5000000', null)).toStrictEqual(notSeen('5000000'));
    expect(lookup(null, '5')).toStrictEqual(notSeen());
    // An expiration that is not a number cannot be compared: not seen, never a throw.
    expect(lookup('5000000', 'soon')).toStrictEqual(notSeen('5000000'));
  });

  it('still pending: with and without a hash', () => {
    expect(
      classify('lookup', {
        output: { status: 'found', transaction: { type: 'pending_transaction', hash: HASH } },
      }),
    ).toStrictEqual({
      state: 'pending',
      hash: HASH,
      details: {
        summary: 'Still pending on the chain; waiting again.',
        source: 'chain',
        hash: HASH,
      },
    });
    expect(classify('lookup', { output: { type: 'pending_transaction' } }).details.hash).toBe('');
  });

  it('an answer that is not a transaction', () => {
    expect(classify('lookup', { output: { status: 'found', transaction: 3 } })).toStrictEqual({
      state: 'timedOut',
      details: {
        summary: 'The chain answered with something that is not a transaction.',
        source: 'node',
        cause: '{"status":"found","transaction":3}',
      },
    });
  });

  it('not found by status, or by the node’s code under another status', () => {
    expect(classify('lookup', { error: apiError({ status: 404 }) })).toStrictEqual(notSeen());
    expect(
      classify('lookup', {
        error: apiError({
          status: 400,
          data: { message: 'x', error_code: 'transaction_not_found' },
        }),
      }),
    ).toStrictEqual(notSeen());
  });

  it('the network, the node or the SDK failed', () => {
    expect(classify('lookup', { error: refused() }, { nodeUrl: NODE })).toStrictEqual({
      state: 'timedOut',
      details: {
        summary: transportSummary('rechecking', NODE),
        source: 'transport',
        cause: refusedCause,
      },
    });
    const summary = 'The recheck failed; the outcome is still unknown. Recheck again.';
    expect(
      classify('lookup', {
        error: apiError({ status: 500, data: { message: 'x', error_code: 'internal_error' } }),
      }),
    ).toStrictEqual({
      state: 'timedOut',
      details: {
        summary,
        source: 'node',
        cause: 'Request failed',
        httpStatus: 500,
        errorCode: 'internal_error',
      },
    });
    expect(classify('lookup', { error: new Error('boom') })).toStrictEqual({
      state: 'timedOut',
      details: { summary, source: 'sdk', cause: 'boom' },
    });
  });
});
