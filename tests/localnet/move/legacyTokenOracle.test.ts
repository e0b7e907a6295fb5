import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, UserTransactionResponse, WriteSetChange } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ROOT, referenceAvailable } from '../../../bench/tools/frameworkCoverage.ts';
import { bytesToHex, readModule } from '../../../localnet/move/binary/reader.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { packageMetadata } from './signedModules.ts';

/**
 * The node's own `0x3` code as the oracle: devnet's AptosToken bytecode (`../shared/reference`),
 * re-addressed to an account as a publisher would, runs the same `token` and `token_transfers`
 * transactions as the chain's native `0x3`, side by side on one chain. Status, events, the
 * creator's token resources and every table item written must be equal once the creator, bob,
 * the tables (named by the resource field that holds them) and the package read by role.
 */
const MODULES = [
  'property_map',
  'token_event_store',
  'token',
  'token_transfers',
  'token_coin_swap',
];
const THREE = `0x${'0'.repeat(63)}3`;

let chain: Chain;
let bob: Account;

interface Side {
  account: Account;
  tx: ReturnType<typeof ownerTransactions>;
  /** Where the package lives: `0x3` (native) or the account (reference bytecode). */
  pkg: string;
  /** Table handles by the field that holds them (`collection_data`, `tokens`, …). */
  tables: Map<string, string>;
  gas: number[];
}
let native: Side;
let bytecode: Side;

const bare = (address: string) => address.slice(2).replace(/^0+/, '');
const TABLE_FIELDS = ['collection_data', 'token_data', 'tokens', 'pending_claims'];

/** Remembers the handles of the tables a written resource holds. */
function learnTables(side: Side, changes: WriteSetChange[]): void {
  for (const change of changes) {
    if (change.type !== 'write_resource' || !('data' in change)) continue;
    const data = (change.data as { data: Record<string, unknown> }).data;
    for (const field of TABLE_FIELDS) {
      const table = data[field] as { handle?: string } | undefined;
      if (table?.handle !== undefined) side.tables.set(table.handle, field.toUpperCase());
    }
  }
}

/** `value` with addresses and table handles named by role and the package at `0x3`. */
function normalized(side: Side, value: unknown): unknown {
  let text = JSON.stringify(value).replace(new RegExp(`0x0*${bare(side.pkg)}::`, 'g'), '0x3::');
  const named: Array<[string, string]> = [
    [side.account.accountAddress.toStringLong(), 'CREATOR'],
    [bob.accountAddress.toStringLong(), 'BOB'],
    ...[...side.tables].map(([handle, role]): [string, string] => [handle, role]),
  ];
  for (const [address, role] of named) {
    // In JSON values (`0x…`, leading zeros dropped) and inside BCS hex (all 64 digits).
    text = text
      .replace(new RegExp(`0x0*${bare(address)}(?![0-9a-f])`, 'g'), role)
      .replaceAll(address.slice(2), role);
  }
  return JSON.parse(text);
}

/** The creator's token resources and every table item (not the account's or the fee's). */
const compared = (side: Side, change: WriteSetChange): boolean => {
  if (change.type.endsWith('table_item')) return true;
  const type = 'data' in change ? (change.data as { type: string }).type : '';
  return type.startsWith(`0x${bare(side.pkg)}::`) || type.startsWith(`${side.pkg}::`);
};

function outcome(side: Side, done: UserTransactionResponse) {
  learnTables(side, done.changes);
  const fee = done.events.find((e) => e.type === '0x1::transaction_fee::FeeStatement');
  side.gas.push(Number((fee?.data as { execution_gas_units: string }).execution_gas_units));
  const result = normalized(side, {
    status: done.vm_status,
    events: done.events
      .filter((e) => e.type !== '0x1::transaction_fee::FeeStatement')
      .map(({ type, data }) => ({ type, data })),
    changes: done.changes
      .filter((change) => compared(side, change))
      .map((change) => ({ ...change, state_key_hash: undefined })),
  }) as { changes: unknown[] };
  // The write set's order is not compared (sorted once the roles are named).
  const key = (change: unknown) => JSON.stringify(change);
  return { ...result, changes: [...result.changes].sort((a, b) => key(a).localeCompare(key(b))) };
}

interface Step {
  fn: string;
  args: (side: Side) => unknown[];
}

async function run(side: Side, step: Step) {
  return outcome(
    side,
    await side.tx.send({
      function: `${side.pkg}::${step.fn}` as `${string}::${string}::${string}`,
      functionArguments: step.args(side) as never,
    }),
  );
}

async function publishReference(account: Account): Promise<string> {
  const me = account.accountAddress.toStringLong();
  const modules = MODULES.map((name) => {
    const m = readModule(readFileSync(join(REFERENCE_ROOT, 'AptosToken', `${name}.mv`)));
    return { ...m, addressIdentifiers: m.addressIdentifiers.map((a) => (a === THREE ? me : a)) };
  });
  const done = await ownerTransactions(chain, account).submit(
    await chain.aptos.publishPackageTransaction({
      account: account.accountAddress,
      metadataBytes: packageMetadata('AptosToken', MODULES),
      moduleBytecode: modules.map((m) => bytesToHex(writeModule(m))),
    }),
  );
  if (!done.success) throw new Error(`reference publish: ${done.vm_status}`);
  return me;
}

async function side(pkg: (account: Account) => Promise<string>): Promise<Side> {
  const account = await fundedAccount(chain, 1_000_000_000);
  return {
    account,
    tx: ownerTransactions(chain, account),
    pkg: await pkg(account),
    tables: new Map(),
    gas: [],
  };
}

const me = (s: Side) => s.account.accountAddress.toStringLong();
const BOB = () => bob.accountAddress.toStringLong();
/** A property value's BCS bytes (a hex string would be sent as its UTF-8 text). */
const u64 = (n: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(n));
  return Uint8Array.from(bytes);
};
const TRUE = Uint8Array.of(1);
const ALL = [true, true, true, true, true];
const token = (name: string, balance: number, maximum: number, keys: string[] = []) => ({
  fn: 'token::create_token_script',
  args: (s: Side) => [
    ...['Oracle', name, 'a token', balance, maximum, 'https://t', me(s), 100, 5, ALL],
    ...[
      ['TOKEN_BURNABLE_BY_OWNER', ...keys],
      [TRUE, ...keys.map(() => u64(7))],
    ],
    ['bool', ...keys.map(() => 'u64')],
  ],
});
const id =
  (name: string, version = 0) =>
  (s: Side) => [me(s), 'Oracle', name, version];

const STEPS: Array<[string, Step]> = [
  [
    'create_collection_script (max 3)',
    {
      fn: 'token::create_collection_script',
      args: () => ['Oracle', 'd', 'https://c', 3, [false, true, true]],
    },
  ],
  [
    'the same collection again',
    {
      fn: 'token::create_collection_script',
      args: () => ['Oracle', 'd', 'u', 0, [true, true, true]],
    },
  ],
  ['create_token_script with properties', token('Sword', 5, 10, ['attack'])],
  ['a second token data (maximum 1)', token('Shield', 1, 1)],
  ['mint_script', { fn: 'token::mint_script', args: (s) => [me(s), 'Oracle', 'Sword', 5] }],
  [
    'mint_script past the maximum',
    { fn: 'token::mint_script', args: (s) => [me(s), 'Oracle', 'Sword', 1] },
  ],
  [
    'mutate_token_properties of two tokens',
    {
      fn: 'token::mutate_token_properties',
      args: (s) => [
        me(s),
        me(s),
        'Oracle',
        'Sword',
        0,
        2,
        ['attack', 'speed'],
        [u64(9), u64(3)],
        ['u64', 'u64'],
      ],
    },
  ],
  [
    'mutate_token_properties of version 1 again',
    {
      fn: 'token::mutate_token_properties',
      args: (s) => [me(s), me(s), 'Oracle', 'Sword', 1, 1, ['speed'], [u64(4)], ['u64']],
    },
  ],
  [
    'a reserved property key',
    {
      fn: 'token::mutate_token_properties',
      args: (s) => [me(s), me(s), 'Oracle', 'Sword', 0, 1, ['TOKEN_X'], [TRUE], ['bool']],
    },
  ],
  ['burn 3', { fn: 'token::burn', args: (s) => [...id('Sword')(s), 3] }],
  ['burn 0', { fn: 'token::burn', args: (s) => [...id('Sword')(s), 0] }],
  [
    'burn_by_creator without the flag',
    { fn: 'token::burn_by_creator', args: (s) => [me(s), 'Oracle', 'Sword', 0, 1] },
  ],
  [
    'burn the whole Shield: token data removed, collection supply down',
    { fn: 'token::burn', args: (s) => [...id('Shield')(s), 1] },
  ],
  ['opt_in_direct_transfer', { fn: 'token::opt_in_direct_transfer', args: () => [true] }],
  ['opt out', { fn: 'token::opt_in_direct_transfer', args: () => [false] }],
  [
    'offer_script to bob',
    { fn: 'token_transfers::offer_script', args: (s) => [BOB(), ...id('Sword')(s), 2] },
  ],
  [
    'offer_script more',
    { fn: 'token_transfers::offer_script', args: (s) => [BOB(), ...id('Sword')(s), 1] },
  ],
  [
    'cancel_offer_script',
    { fn: 'token_transfers::cancel_offer_script', args: (s) => [BOB(), ...id('Sword')(s)] },
  ],
  [
    'claim_script of nothing',
    { fn: 'token_transfers::claim_script', args: (s) => [BOB(), ...id('Sword')(s)] },
  ],
  ['initialize_token_script', { fn: 'token::initialize_token_script', args: () => [] }],
];

describe.skipIf(!referenceAvailable())('native 0x3 against the reference bytecode', () => {
  beforeAll(async () => {
    chain = await startChain();
    bob = await fundedAccount(chain, 1_000_000);
    native = await side(async () => THREE);
    bytecode = await side(publishReference);
  }, 60_000);
  afterAll(async () => {
    await chain.localnet.stop();
  });

  it.each(STEPS)('%s', async (_name, step) => {
    const expected = await run(bytecode, step);
    const actual = await run(native, step);
    expect(actual).toEqual(expected);
  });

  it('charges execution gas within half to twice the bytecode’s, over all steps', () => {
    // Measured 2026-11-27: 106 gas units native (5 to 7 a step), 88 for the bytecode (3 to 9).
    const sum = (gas: number[]) => gas.reduce((a, b) => a + b, 0);
    expect(native.gas).toHaveLength(STEPS.length);
    expect(sum(native.gas)).toBeGreaterThanOrEqual(sum(bytecode.gas) / 2);
    expect(sum(native.gas)).toBeLessThanOrEqual(sum(bytecode.gas) * 2);
  });
});
