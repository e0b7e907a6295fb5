import { AccountAddress, U64 } from '@aptos-labs/ts-sdk';
import fc from 'fast-check';
import { Ed25519Signer } from '../../localnet/signer.ts';
import type { ChainUrls } from './chainProcess.ts';

/**
 * The request fuzz of the embedded chain (issue 15): every service (REST, faucet, indexer,
 * readiness, dev controls) gets malformed and hostile requests built by fast-check. Each case is
 * generated from its own seed, so any one can be replayed alone (`FUZZ_SEED=<seed> FUZZ_RUNS=1`).
 *
 * A case passes when the answer is a 2xx, or a 4xx with the node's error body
 * (`{message, error_code, vm_error_code}`), within 2 s. A 5xx fails it, except 507
 * `mempool_is_full` (the injected fault and the mempool's real caps answer it).
 */
export type Service = 'rest' | 'faucet' | 'indexer' | 'readiness';

export interface FuzzCase {
  /** What the case exercises, for the report (`rest:path`, `faucet:fund`, …). */
  kind: string;
  service: Service;
  method: string;
  /** Path and query, already encoded as sent. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export type Verdict =
  | { ok: true; status: number; ms: number }
  | {
      ok: false;
      reason: 'hang' | '5xx' | 'shape' | 'connection';
      status: number;
      ms: number;
      detail: string;
    };

export const HANG_MS = 2_000;
const MAX_BODY = 65_536;
const te = new TextEncoder();

const HEX = [...'0123456789abcdef'];
const hex = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...HEX), minLength: min, maxLength: max });

/** A path parameter that should be an address, a hash or a number: out of range in every way. */
const badScalar = fc.oneof(
  fc.constantFrom(
    '0',
    '1',
    '-1',
    '-0',
    '18446744073709551615',
    '18446744073709551616',
    '340282366920938463463374607431768211456',
    '99999999999999999999999999999999999999999',
    '00000000000000000000001',
    '1e3',
    '1.5',
    '0x10',
    'NaN',
    'Infinity',
    '0x',
    '0x1',
    '0X1',
    '0xg',
    'x1',
    '0x0',
    '0xa',
    '0xcafe',
    '%',
    '%zz',
    '%00',
    '%2F',
    '%20',
    '..',
    '.',
    '~',
    'null',
    'undefined',
    'true',
  ),
  fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }).map(String),
  fc.nat().map(String),
  hex(0, 140).map((h) => `0x${h}`),
  hex(63, 66),
  hex(1, 5).map((h) => `0x${h}`),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent),
);

const typeString = fc.oneof(
  fc.constantFrom(
    '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
    '0x1::aptos_coin::AptosCoin',
    '0x1::account::Account',
    '0x1::coin::CoinInfo<0x1::aptos_coin::AptosCoin>',
    '0x1::coin::CoinStore<',
    '0x1::coin::CoinStore<>',
    '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin',
    '0x1::coin',
    '0x1::::x',
    'u64',
    'vector<u8>',
    'vector<vector<vector<vector<vector<vector<vector<vector<vector<u8>>>>>>>>>',
    '0xa',
    '0x1::a::B<0x1::a::B<0x1::a::B<0x1::a::B<0x1::a::B<0x1::a::B<0x1::a::B<0x1::a::B<0x1::a::B<u8>>>>>>>>>',
    `0x1::${'a'.repeat(300)}::B`,
    '<>',
    '::',
  ),
  fc
    .tuple(badScalar, fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
    .map(([a, m, n]) => `${a}::${m}::${n}`),
  fc.string({ maxLength: 30 }),
);

const queryValue = fc.oneof(
  badScalar,
  fc.constantFrom('', 'true', 'false', 'TRUE', '1', '0', '65535', '65536', '100', '101'),
);
const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'limit',
          'start',
          'ledger_version',
          'with_transactions',
          'estimate_gas_unit_price',
          'estimate_max_gas_amount',
          'estimate_prioritized_gas_unit_price',
        ),
        fc.string({ maxLength: 6 }),
      ),
      queryValue,
    ),
    { maxLength: 3 },
  )
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.includes('%') ? v : encodeURIComponent(v)}`).join('&')}`,
  );

const restGetPath = fc
  .tuple(
    fc.constantFrom(
      '/v1',
      '/v1/',
      '/v1/info',
      '/v1/-/healthy',
      '/v1/estimate_gas_price',
      '/v1/transactions',
      '/v1/accounts/{p}',
      '/v1/accounts/{p}/resources',
      '/v1/accounts/{p}/resource/{t}',
      '/v1/accounts/{p}/modules',
      '/v1/accounts/{p}/module/{n}',
      '/v1/accounts/{p}/balance/{t}',
      '/v1/accounts/{p}/transactions',
      '/v1/transactions/by_hash/{p}',
      '/v1/transactions/wait_by_hash/{p}',
      '/v1/transactions/by_version/{p}',
      '/v1/blocks/by_height/{p}',
      '/v1/blocks/by_version/{p}',
    ),
    badScalar,
    typeString,
    fc.oneof(fc.constantFrom('coin', 'playground', 'aptos_account'), fc.string({ maxLength: 20 })),
    query,
  )
  .map(([template, p, t, n, q]) =>
    template
      .replace('{p}', p)
      .replace('{t}', encodeURIComponent(t))
      .replace('{n}', encodeURIComponent(n))
      .concat(q),
  );

/** JSON values of the wrong type in every slot. */
const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, '', '0x1', [], {}, [null], { a: 1 }),
  fc.string({ maxLength: 20 }),
  fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }).map(String),
  fc.integer(),
  fc.double(),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), {
    maxLength: 4,
  }),
);

const viewFunction = fc.oneof(
  fc.constantFrom(
    '0x1::coin::balance',
    '0x1::coin::supply',
    '0x1::account::exists_at',
    '0x1::account::get_sequence_number',
    '0x1::timestamp::now_microseconds',
    '0x1::primary_fungible_store::balance',
    '0xcafe::playground::get_value',
    '0x1::aptos_account::transfer',
    '0x1::coin::nope',
    '0x1::nope::nope',
    '0x1::coin',
    '::',
  ),
  typeString,
);

const viewBody = fc.oneof(
  fc.record(
    {
      function: fc.oneof(viewFunction, wrongJson),
      type_arguments: fc.oneof(fc.array(typeString, { maxLength: 3 }), wrongJson),
      arguments: fc.oneof(fc.array(fc.oneof(badScalar, wrongJson), { maxLength: 3 }), wrongJson),
    },
    { requiredKeys: [] },
  ),
  wrongJson,
);

const tableBody = fc.oneof(
  fc.record(
    {
      key_type: fc.oneof(typeString, wrongJson),
      value_type: fc.oneof(typeString, wrongJson),
      key: fc.oneof(badScalar, wrongJson),
    },
    { requiredKeys: [] },
  ),
  wrongJson,
);

/** Bytes that are JSON, broken JSON, or nothing like it. */
function jsonBytes(value: fc.Arbitrary<unknown>): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => te.encode(JSON.stringify(v) ?? 'null')) },
    value.chain((v) => {
      const text = JSON.stringify(v) ?? 'null';
      return fc.nat(text.length).map((cut) => te.encode(text.slice(0, cut)));
    }),
    fc
      .constantFrom('{', '}', '[', '{"a":', '{"function":}', 'nul', '\u0000', '{"a":1}}', '')
      .map((s) => te.encode(s)),
    fc.uint8Array({ maxLength: 64 }),
    fc.string({ maxLength: 40 }).map((s) => te.encode(s)),
  );
}

const contentTypes = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/x.aptos.signed_transaction+bcs',
    'application/x.aptos.view_function+bcs',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    '',
    ';',
    'application/json;;;',
  ),
  fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  fc.constant(undefined),
);

/** A valid signed transaction (an unfunded sender's), to truncate and flip. */
function sampleSignedTransaction(seed: number): Uint8Array {
  const signer = Ed25519Signer.fromPrivateKey(
    `0x${(seed >>> 0).toString(16).padStart(8, '0').repeat(8)}`,
  );
  return signer.signEntryFunction({
    function: '0x1::aptos_account::transfer',
    args: [AccountAddress.ONE, new U64(1n)],
    sequenceNumber: 0n,
    expirationSecs: 4_000_000_000n,
    chainId: 4,
  });
}
const SIGNED = sampleSignedTransaction(15);

const bcsBytes = fc.oneof(
  fc.nat(SIGNED.length).map((cut) => SIGNED.slice(0, cut)),
  fc.tuple(fc.nat(SIGNED.length - 1), fc.integer({ min: 1, max: 255 })).map(([at, x]) => {
    const copy = Uint8Array.from(SIGNED);
    copy[at] = (copy[at] ?? 0) ^ x;
    return copy;
  }),
  fc.uint8Array({ maxLength: 64 }).map((tail) => Uint8Array.from([...SIGNED, ...tail])),
  fc.uint8Array({ maxLength: 300 }),
  fc.constant(new Uint8Array()),
  // Huge ULEB128 lengths and vector counts.
  fc.constant(Uint8Array.from([...SIGNED.slice(0, 40), 0xff, 0xff, 0xff, 0xff, 0x0f])),
);

function headersOf(contentType: string | undefined, origin: string | undefined) {
  const headers: Record<string, string> = {};
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (origin !== undefined) headers.origin = origin;
  return headers;
}

const origin = fc.option(
  fc.constantFrom('http://127.0.0.1:5173', 'http://localhost:4173', 'https://evil.example', 'null'),
  { freq: 3 },
);

const restGet = fc
  .tuple(restGetPath, fc.constantFrom('GET', 'GET', 'GET', 'HEAD'), origin)
  .map(([path, method, o]): FuzzCase => ({
    kind: 'rest:path',
    service: 'rest',
    method,
    path,
    headers: headersOf(undefined, o ?? undefined),
  }));

const restSubmit = fc
  .tuple(
    fc.constantFrom('/v1/transactions', '/v1/transactions/simulate'),
    query,
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('application/x.aptos.signed_transaction+bcs') },
      contentTypes,
    ),
    fc.oneof({ weight: 3, arbitrary: bcsBytes }, jsonBytes(wrongJson)),
  )
  .map(([path, q, ct, body]): FuzzCase => ({
    kind: 'rest:bcs',
    service: 'rest',
    method: 'POST',
    path: path + q,
    headers: headersOf(ct, undefined),
    body,
  }));

const restView = fc
  .tuple(
    query,
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.tuple(fc.constant('application/json'), jsonBytes(viewBody)),
      },
      fc.tuple(fc.constant('application/x.aptos.view_function+bcs'), bcsBytes),
      fc.tuple(contentTypes, jsonBytes(viewBody)),
    ),
  )
  .map(([q, [ct, body]]): FuzzCase => ({
    kind: 'rest:view',
    service: 'rest',
    method: 'POST',
    path: `/v1/view${q}`,
    headers: headersOf(ct, undefined),
    body,
  }));

const restTable = fc
  .tuple(
    fc.oneof(
      badScalar,
      hex(64, 64).map((h) => `0x${h}`),
    ),
    query,
    contentTypes,
    jsonBytes(tableBody),
  )
  .map(([handle, q, ct, body]): FuzzCase => ({
    kind: 'rest:table',
    service: 'rest',
    method: 'POST',
    path: `/v1/tables/${handle}/item${q}`,
    headers: headersOf(ct ?? 'application/json', undefined),
    body,
  }));

const unknownRoute = fc
  .tuple(
    fc.constantFrom<Service>('rest', 'faucet', 'indexer', 'readiness'),
    fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    fc.oneof(
      fc.array(fc.oneof(badScalar, fc.constantFrom('v1', 'workbench', 'accounts', 'x')), {
        maxLength: 6,
      }),
      fc.constantFrom(['v1', 'transactions'], ['fund'], ['v1', 'graphql'], ['v1', 'view']),
    ),
  )
  .map(([service, method, segments]): FuzzCase => ({
    kind: 'route',
    service,
    method,
    path: `/${segments.join('/')}`,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    ...(method === 'POST' || method === 'PUT' || method === 'PATCH'
      ? { body: te.encode('{}') }
      : {}),
  }));

const oversize = fc
  .tuple(
    fc.constantFrom<[Service, string]>(
      ['rest', '/v1/transactions'],
      ['rest', '/v1/view'],
      ['rest', '/workbench/faults'],
      ['faucet', '/fund'],
      ['indexer', '/v1/graphql'],
    ),
    fc.integer({ min: MAX_BODY + 1, max: MAX_BODY * 4 }),
  )
  .map(([[service, path], size]): FuzzCase => ({
    kind: 'oversize',
    service,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    body: new Uint8Array(size).fill(0x20),
  }));

/**
 * Large inputs, each one new: long but well-formed type names, function ids, module names,
 * GraphQL and addresses (up to 60 KB, under the 64 KiB body cap; paths up to 6 KB, under
 * Node's header cap), and transactions signed by a key never seen before with the signature
 * spoiled. Each is refused (400 or 404). A cache keyed by what a client sends keeps every one of
 * them, so this family is what shows such a cache in the memory run.
 */
const identifier = (id: number, length: number) =>
  `m${id.toString(36)}_${'x'.repeat(Math.max(0, length - 10))}`;
const large = fc
  .tuple(fc.noBias(fc.nat()), fc.integer({ min: 16_000, max: 60_000 }), fc.nat(9))
  .map(([id, length, variant]): FuzzCase => {
    const struct = `0x1::${identifier(id, length)}::S`;
    const short = identifier(id, Math.min(length, 6_000));
    const json = (path: string, value: unknown, service: Service = 'rest'): FuzzCase => ({
      kind: 'large',
      service,
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: te.encode(JSON.stringify(value)),
    });
    const handle = `/v1/tables/0x${'1'.repeat(64)}/item`;
    switch (variant) {
      case 0:
        return json(handle, { key_type: struct, value_type: 'u64', key: {} });
      case 1:
        return json(handle, { key_type: 'address', value_type: struct, key: '0x1' });
      case 2:
        return json('/v1/view', {
          function: '0x1::coin::balance',
          type_arguments: [struct],
          arguments: ['0x1'],
        });
      case 3:
        return json('/v1/view', {
          function: `0x1::${identifier(id, length)}::f`,
          type_arguments: [],
          arguments: [],
        });
      case 4:
      case 5: {
        const path =
          variant === 4
            ? `/v1/accounts/0x1/resource/${encodeURIComponent(`0x1::${short}::S`)}`
            : `/v1/accounts/0x1/module/${short}`;
        return { kind: 'large', service: 'rest', method: 'GET', path, headers: {} };
      }
      case 6: {
        const signer = Ed25519Signer.fromPrivateKey(`0x${(id + 1).toString(16).padStart(64, '0')}`);
        const signed = signer.signEntryFunction({
          function: '0x1::aptos_account::transfer',
          args: [AccountAddress.ONE, new U64(1n)],
          sequenceNumber: 0n,
          expirationSecs: 4_000_000_000n,
          chainId: 4,
        });
        const body = Uint8Array.from(signed);
        body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
        return {
          kind: 'large',
          service: 'rest',
          method: 'POST',
          path: '/v1/transactions',
          headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' },
          body,
        };
      }
      case 7:
        return json(
          '/v1/graphql',
          { query: `{ ${identifier(id, length)} { version } }` },
          'indexer',
        );
      case 8:
        return json('/fund', { address: `0x${identifier(id, length)}`, amount: 1 }, 'faucet');
      default:
        return json('/v1/view', {
          function: '0x1::coin::balance',
          type_arguments: ['0x1::aptos_coin::AptosCoin'],
          arguments: [`0x${'ab'.repeat(32)}${identifier(id, length)}`],
        });
    }
  });

const amount = fc.oneof(
  fc.constantFrom<unknown>(0, 1, -1, 1.5, 1e30, '1', '-1', '18446744073709551616', '0x10', null),
  fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }).map(String),
  wrongJson,
);
const faucetAddress = fc.oneof(badScalar, wrongJson, fc.constant(`0x${'ab'.repeat(32)}`));
const faucet = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.record({ address: faucetAddress, amount }, { requiredKeys: [] }), wrongJson),
      contentTypes,
    )
    .map(([value, ct]): FuzzCase => ({
      kind: 'faucet:fund',
      service: 'faucet',
      method: 'POST',
      path: '/fund',
      headers: headersOf(ct, undefined),
      body: te.encode(JSON.stringify(value) ?? ''),
    })),
  fc.tuple(badScalar, badScalar).map(([address, n]): FuzzCase => ({
    kind: 'faucet:mint',
    service: 'faucet',
    method: 'POST',
    path: `/mint?address=${address}&amount=${n}`,
    headers: {},
  })),
);

const graphqlText = fc.oneof(
  fc.constantFrom(
    '{ processor_status { processor last_success_version } }',
    'query { ledger_infos { chain_id } }',
    '{ current_fungible_asset_balances(where: {owner_address: {_eq: "0x1"}}) { amount } }',
    '{ user_transactions(limit: -1) { version } }',
    '{ user_transactions(limit: 99999999999999999999) { version } }',
    '{ user_transactions(offset: "x") { version } }',
    '{ user_transactions(order_by: {version: sideways}) { version } }',
    '{ account_transactions(where: {_or: [{_and: [{_not: {}}]}]}) { transaction_version } }',
    '{ nope { x } }',
    '{ processor_status { nope } }',
    '{',
    '}',
    '{ { { {',
    'query q($a: Int!) { user_transactions(limit: $a) { version } }',
    'mutation { x }',
    'subscription { processor_status { processor } }',
    '{ processor_status(where: {last_success_version: {_gt: "x"}}) { processor } }',
    `{ ${'processor_status { '.repeat(200)} }`,
    '{ user_transactions(where: {sender: {_like: "%%%%%%%%%%%%%%%%%%%%%%%%"}}) { version } }',
  ),
  fc.string({ maxLength: 80 }),
);
const indexer = fc
  .tuple(
    fc.oneof(
      fc.record(
        {
          query: fc.oneof({ weight: 3, arbitrary: graphqlText }, wrongJson),
          variables: wrongJson,
          operationName: wrongJson,
        },
        { requiredKeys: [] },
      ),
      wrongJson,
    ),
    contentTypes,
  )
  .chain(([value, ct]) =>
    jsonBytes(fc.constant(value)).map((body): FuzzCase => ({
      kind: 'indexer:graphql',
      service: 'indexer',
      method: 'POST',
      path: '/v1/graphql',
      headers: headersOf(ct, undefined),
      body,
    })),
  );

const count = fc.oneof(
  fc.constantFrom<unknown>(
    -1,
    -1e9,
    0.5,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e300,
    '5',
    null,
    true,
    [],
    {},
    2 ** 64,
    1e21,
  ),
  fc.integer({ min: -1_000_000, max: -1 }),
  fc.double(),
  wrongJson,
);
/**
 * Dev controls with bad ids, negative times and absurd counts. Valid but harmful settings (manual
 * mining, holds, large clock jumps) are left out so that the chain keeps committing for the
 * other cases; `POST /workbench/faults {"rejectNext"}` is the injected 507.
 */
const devControl = fc
  .tuple(
    fc.oneof(
      fc.tuple(
        fc.constant('/workbench/revert'),
        fc.record({ id: fc.oneof(badScalar, wrongJson) }, { requiredKeys: [] }),
      ),
      fc.tuple(
        fc.constant('/workbench/mining'),
        fc.record(
          {
            mode: fc.oneof(fc.constantFrom('interval', 'bogus', 'INSTANT', ''), wrongJson),
            intervalMs: count,
            idleBlockMs: count,
          },
          { requiredKeys: [] },
        ),
      ),
      fc.tuple(fc.constant('/workbench/clock/advance'), fc.record({ seconds: count })),
      fc.tuple(
        fc.constant('/workbench/faults'),
        fc.oneof(
          fc.record({ delayCommitsMs: count }),
          fc.record({ holdNext: count }),
          fc.record({ rejectNext: fc.oneof(count, fc.constantFrom(1, 2)) }),
        ),
      ),
      fc.tuple(
        fc.constantFrom(
          '/workbench/mempool/hold',
          '/workbench/mempool/release',
          '/workbench/mempool/drop',
        ),
        fc.record({ hash: fc.oneof(badScalar, wrongJson) }),
      ),
      fc.tuple(
        fc.constant('/workbench/reexecute'),
        fc.record(
          { hash: fc.oneof(badScalar, wrongJson), max_gas_amount: count, version: count },
          { requiredKeys: [] },
        ),
      ),
      fc.tuple(
        fc.constantFrom(
          '/workbench/status',
          '/workbench/clock',
          '/workbench/mining',
          '/workbench/faults',
          '/workbench/mempool',
        ),
        wrongJson,
      ),
    ),
    contentTypes,
    origin,
  )
  .chain(([[path, value], ct, o]) =>
    jsonBytes(fc.constant(value)).map((body): FuzzCase => ({
      kind: 'dev-controls',
      service: 'rest',
      method: 'POST',
      path,
      headers: headersOf(ct ?? 'application/json', o ?? undefined),
      body,
    })),
  );

/**
 * The request families, each with its weight in the mixed fuzz. The memory run (`memory.ts`) sends
 * each family alone, so that memory a family keeps shows as that family's growth.
 */
export const FAMILIES = {
  'rest:path': { weight: 6, arbitrary: restGet },
  'rest:bcs': { weight: 4, arbitrary: restSubmit },
  'rest:view': { weight: 3, arbitrary: restView },
  'rest:table': { weight: 2, arbitrary: restTable },
  route: { weight: 2, arbitrary: unknownRoute },
  faucet: { weight: 2, arbitrary: faucet },
  indexer: { weight: 2, arbitrary: indexer },
  'dev-controls': { weight: 3, arbitrary: devControl },
  oversize: { weight: 1, arbitrary: oversize },
  large: { weight: 1, arbitrary: large },
} satisfies Record<string, { weight: number; arbitrary: fc.Arbitrary<FuzzCase> }>;
export type Family = keyof typeof FAMILIES;

/** One fuzz case: every family, weighted towards the REST API. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(...Object.values(FAMILIES));

/** The case a seed makes: what `FUZZ_SEED=<seed> FUZZ_RUNS=1` replays; of one family if given. */
export function caseOf(seed: number, family?: Family): FuzzCase {
  const arbitrary = family === undefined ? fuzzCase : FAMILIES[family].arbitrary;
  const [value] = fc.sample(arbitrary, { seed, numRuns: 1 });
  if (value === undefined) throw new Error(`no case for seed ${seed}`);
  return value;
}

function isErrorBody(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.message === 'string' &&
    typeof body.error_code === 'string' &&
    /^[a-z_]+$/.test(body.error_code) &&
    (body.vm_error_code === null || typeof body.vm_error_code === 'number')
  );
}

/** Sends one case and judges the answer. */
export async function runCase(urls: ChainUrls, c: FuzzCase): Promise<Verdict> {
  // Each case's path is from the service's root: the indexer's URL ends in /v1/graphql, the REST
  // API's in /v1.
  const base = new URL(urls[c.service]).origin;
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${base}${c.path}`, {
      method: c.method,
      headers: c.headers,
      ...(c.body === undefined ? {} : { body: new Uint8Array(c.body) }),
      signal: AbortSignal.timeout(HANG_MS),
    });
    text = await response.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const detail = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      return {
        ok: false,
        reason: 'hang',
        status: 0,
        ms: ms(),
        detail: `no answer in ${HANG_MS} ms`,
      };
    return { ok: false, reason: 'connection', status: 0, ms: ms(), detail };
  }
  const status = response.status;
  const elapsed = ms();
  if (elapsed > HANG_MS)
    return { ok: false, reason: 'hang', status, ms: elapsed, detail: `answered in ${elapsed} ms` };
  let body: unknown = undefined;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status >= 500) {
    const mempoolFull =
      status === 507 &&
      (body as { error_code?: unknown } | undefined)?.error_code === 'mempool_is_full';
    if (!mempoolFull)
      return { ok: false, reason: '5xx', status, ms: elapsed, detail: text.slice(0, 300) };
  }
  if (status >= 400 && c.method !== 'HEAD' && !isErrorBody(body)) {
    return { ok: false, reason: 'shape', status, ms: elapsed, detail: text.slice(0, 300) };
  }
  return { ok: true, status, ms: elapsed };
}

export interface FuzzFailure {
  seed: number;
  case: FuzzCase;
  verdict: Exclude<Verdict, { ok: true }>;
}

export interface FuzzStats {
  cases: number;
  failures: FuzzFailure[];
  byReason: { hang: number; '5xx': number; shape: number; connection: number };
  /** Cases that took over 2 s once and answered in time when sent again (machine stalls). */
  slowOnce: number;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  maxMs: number;
  p99Ms: number;
  seconds: number;
}

/**
 * Runs `runs` cases, seeds `seed`, `seed + 1`, …, `concurrency` at a time. `onProgress` is told
 * every 5,000 cases. A failure does not stop the run: every failing seed is kept.
 */
export async function runFuzz(args: {
  urls: ChainUrls;
  seed: number;
  runs: number;
  concurrency?: number;
  /** Only this family's cases (the memory run); every family by default. */
  family?: Family;
  /** Told after each case, with how many are done. */
  onCase?: (done: number) => void;
  onProgress?: (done: number, stats: FuzzStats) => void;
  onFailure?: (failure: FuzzFailure) => void;
}): Promise<FuzzStats> {
  const started = performance.now();
  const stats: FuzzStats = {
    cases: 0,
    failures: [],
    byReason: { hang: 0, '5xx': 0, shape: 0, connection: 0 },
    slowOnce: 0,
    byStatus: {},
    byKind: {},
    maxMs: 0,
    p99Ms: 0,
    seconds: 0,
  };
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= args.runs) return;
      const seed = (args.seed + index) | 0;
      const c = caseOf(seed, args.family);
      let verdict = await runCase(args.urls, c);
      if (!verdict.ok && verdict.reason === 'hang') {
        // A 2-core machine shared by many runs can stall a process for seconds. A case that hangs
        // the chain hangs again; one that answers in time when sent again was the machine, and is
        // counted apart (`slowOnce`) with its first time.
        const again = await runCase(args.urls, c);
        if (again.ok) {
          stats.slowOnce += 1;
          verdict = { ...again, ms: verdict.ms };
        }
      }
      stats.cases += 1;
      stats.byKind[c.kind] = (stats.byKind[c.kind] ?? 0) + 1;
      stats.byStatus[String(verdict.status)] = (stats.byStatus[String(verdict.status)] ?? 0) + 1;
      latencies.push(verdict.ms);
      stats.maxMs = Math.max(stats.maxMs, verdict.ms);
      if (!verdict.ok) {
        stats.byReason[verdict.reason] += 1;
        const failure = { seed, case: c, verdict };
        stats.failures.push(failure);
        args.onFailure?.(failure);
      }
      args.onCase?.(stats.cases);
      if (stats.cases % 5_000 === 0) args.onProgress?.(stats.cases, stats);
    }
  };
  await Promise.all(Array.from({ length: args.concurrency ?? 4 }, worker));
  latencies.sort((a, b) => a - b);
  stats.p99Ms = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  stats.seconds = (performance.now() - started) / 1000;
  return stats;
}

/** How to replay one failing case, printed with it. */
export function replayHint(seed: number): string {
  return `FUZZ_SEED=${seed} FUZZ_RUNS=1 npm run reliability -- --only fuzz`;
}

/** One failing case in a line: its seed, request and verdict. */
export function describeFailure(failure: FuzzFailure): string {
  const { case: c, verdict } = failure;
  const body =
    c.body === undefined
      ? ''
      : ` body ${c.body.length} bytes ${JSON.stringify(Buffer.from(c.body.slice(0, 120)).toString('utf8'))}`;
  return `seed ${failure.seed}: ${c.service} ${c.method} ${c.path}${body} → ${verdict.reason} ${verdict.status} (${verdict.ms} ms) ${verdict.detail}`;
}
