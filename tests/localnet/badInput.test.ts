import { generateSignedTransaction } from '@aptos-labs/ts-sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTransfer,
  fundedAccount,
  getJson,
  postBcs,
  startChain,
  type Chain,
} from './helpers.ts';

let chain: Chain;
let validBytes: Uint8Array;

beforeAll(async () => {
  chain = await startChain();
  const alice = await fundedAccount(chain);
  const transaction = await buildTransfer(chain, alice);
  validBytes = generateSignedTransaction({
    transaction,
    senderAuthenticator: chain.aptos.transaction.sign({ signer: alice, transaction }),
  });
});
afterAll(async () => {
  await chain.localnet.stop();
});

interface ErrorBody {
  message: string;
  error_code: string;
  vm_error_code: number | null;
}

function expectErrorBody(body: unknown): asserts body is ErrorBody {
  expect(body).toEqual({
    message: expect.any(String),
    error_code: expect.any(String),
    vm_error_code: null,
  });
}

/** Any Aptos error body: a validation failure carries its `vm_error_code`. */
function expectAptosError(body: unknown): void {
  expect(Object.keys(body as object).sort()).toEqual(['error_code', 'message', 'vm_error_code']);
  const { message, error_code, vm_error_code } = body as ErrorBody;
  expect(typeof message).toBe('string');
  expect(error_code).toMatch(/^[a-z_]+$/);
  expect(vm_error_code === null || Number.isInteger(vm_error_code)).toBe(true);
}

describe('bad input answers the right 4xx', () => {
  it('malformed JSON → 400 web_framework_error', async () => {
    const response = await chain.rest('/view', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"function": ',
    });
    expect(response.status).toBe(400);
    const body: unknown = await response.json();
    expectErrorBody(body);
    expect(body.error_code).toBe('web_framework_error');
    expect(body.message).toContain('failed to parse JSON');
  });

  it('garbage BCS → 400 invalid_input "Failed to deserialize input into SignedTransaction: …"', async () => {
    const response = await postBcs(chain, '/transactions', new Uint8Array([1, 2, 3]));
    expect(response.status).toBe(400);
    expectErrorBody(response.body);
    expect(response.body.error_code).toBe('invalid_input');
    expect(response.body.message).toMatch(
      /^Failed to deserialize input into SignedTransaction: .+/,
    );
    const trailing = await postBcs(chain, '/transactions', new Uint8Array([...validBytes, 0]));
    expect((trailing.body as ErrorBody).message).toBe(
      'Failed to deserialize input into SignedTransaction: remaining input',
    );
  });

  it('a malformed hash → 400 web_framework_error with the exact message', async () => {
    const response = await getJson(chain, '/transactions/by_hash/0x1234');
    expect(response.status).toBe(400);
    expect(response.body).toStrictEqual({
      message:
        'failed to parse path `txn_hash`: failed to parse "string(HashValue)": unable to parse HashValue',
      error_code: 'web_framework_error',
      vm_error_code: null,
    });
  });

  it('accepts hashes without 0x and addresses short or long', async () => {
    const hash = (await postBcs(chain, '/transactions', validBytes)).body as { hash: string };
    expect((await getJson(chain, `/transactions/by_hash/${hash.hash.slice(2)}`)).status).toBe(200);
    const short = await getJson(chain, '/accounts/0x1');
    const long = await getJson(chain, `/accounts/0x${'1'.padStart(64, '0')}`);
    expect(short.body).toStrictEqual(long.body);
  });

  it('a bad address → 400', async () => {
    const response = await getJson(chain, '/accounts/0xnothex/resources');
    expect(response.status).toBe(400);
    expectErrorBody(response.body);
    expect(response.body.message).toContain('failed to parse path `address`');
  });

  it('an unknown type → 404 resource_not_found; an unparsable one → 400', async () => {
    expect((await getJson(chain, '/accounts/0x1/resource/0x1::coin::Nope')).status).toBe(404);
    const bad = await getJson(chain, '/accounts/0x1/resource/not%20a%20type');
    expect(bad.status).toBe(400);
    expectErrorBody(bad.body);
    expect(bad.body.message).toContain('failed to parse path `resource_type`');
    const view = await chain.rest('/view', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        function: '0x1::coin::balance',
        type_arguments: ['0x1::nope'],
        arguments: ['0x1'],
      }),
    });
    expect(view.status).toBe(400);
  });

  it('a body over 64 KiB → 413', async () => {
    const response = await postBcs(chain, '/transactions', new Uint8Array(65_537));
    expect(response.status).toBe(413);
    expectErrorBody(response.body);
    expect(response.body.message).toContain('Payload too large');
    // The server is still there.
    expect((await getJson(chain, '')).status).toBe(200);
  });

  it('an unknown route → 404, a wrong content type → 415, a bad query → 400', async () => {
    expect((await getJson(chain, '/nope')).status).toBe(404);
    const json = await chain.rest('/transactions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect((await getJson(chain, '/transactions?limit=abc')).status).toBe(400);
    expect((await getJson(chain, '/accounts/0x1?ledger_version=99999999999')).status).toBe(404);
  });
});

describe('fuzzing the decode paths (fixed seed)', () => {
  const mutation = fc.oneof(
    fc.record({
      kind: fc.constant('flip' as const),
      index: fc.nat(),
      value: fc.integer({ min: 0, max: 255 }),
    }),
    fc.record({ kind: fc.constant('truncate' as const), index: fc.nat() }),
    fc.record({ kind: fc.constant('append' as const), bytes: fc.uint8Array({ maxLength: 8 }) }),
    fc.record({ kind: fc.constant('random' as const), bytes: fc.uint8Array({ maxLength: 300 }) }),
  );

  function apply(
    bytes: Uint8Array,
    m:
      | { kind: 'flip'; index: number; value: number }
      | { kind: 'truncate'; index: number }
      | { kind: 'append'; bytes: Uint8Array }
      | { kind: 'random'; bytes: Uint8Array },
  ): Uint8Array {
    if (m.kind === 'flip') {
      const out = new Uint8Array(bytes);
      out[m.index % out.length] = m.value;
      return out;
    }
    if (m.kind === 'truncate') return bytes.slice(0, m.index % bytes.length);
    if (m.kind === 'append') return new Uint8Array([...bytes, ...m.bytes]);
    return m.bytes;
  }

  it('never crashes submit or simulate: every answer is 202/200 or an Aptos 4xx body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const bytes = mutations.reduce<Uint8Array>((acc, m) => apply(acc, m), validBytes);
        for (const path of ['/transactions', '/transactions/simulate']) {
          const response = await postBcs(chain, path, bytes);
          if (response.status >= 300) {
            expect(response.status).toBeGreaterThanOrEqual(400);
            expect(response.status).toBeLessThan(500);
            expectAptosError(response.body);
          }
        }
      }),
      { seed: 20_251_121, numRuns: 150 },
    );
    expect((await getJson(chain, '')).status).toBe(200);
    // 300 requests: well under a second on a quiet machine, over 5 s on a loaded 2-core one.
  }, 30_000);

  it('never crashes the BCS view path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const response = await postBcs(
          chain,
          '/view',
          bytes,
          'application/x.aptos.view_function+bcs',
        );
        expect(response.status).toBeLessThan(500);
      }),
      { seed: 7, numRuns: 100 },
    );
  }, 30_000);
});
