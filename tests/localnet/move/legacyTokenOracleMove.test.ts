import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, UserTransactionResponse, WriteSetChange } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ROOT, referenceAvailable } from '../../../bench/tools/frameworkCoverage.ts';
import { bytesToHex, readModule } from '../../../localnet/move/binary/reader.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, op } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { packageMetadata } from './signedModules.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x3`'s public functions called from Move, against the node's own code: the same `calls`
 * module is built once over the native `0x3` and once over devnet's AptosToken bytecode
 * re-addressed to an account, and both run the same transactions (the mutators with
 * token_event_store's events, `mutate_one_token`, `property_map` building a map kept in a
 * resource). Status, events, token resources and table items are compared by role.
 */
const PACKAGE = [
  'property_map',
  'token_event_store',
  'token',
  'token_transfers',
  'token_coin_swap',
];
const THREE = `0x${'0'.repeat(63)}3`;
const { mv, cp, st, ref, mut, call, pop, ret } = op;

let chain: Chain;

interface Side {
  account: Account;
  tx: ReturnType<typeof ownerTransactions>;
  pkg: string;
  tables: Map<string, string>;
}
let native: Side;
let bytecode: Side;

function callsModule(address: string, pkg: string): CompiledModule {
  const b = new ModuleBuilder(address, 'calls');
  const COPY = AB.copy | AB.drop | AB.store;
  const STRING = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY));
  const token = (name: string) => S.struct(b.foreignStruct(pkg, 'token', name, COPY));
  const [DATA_ID, ID, ROYALTY] = [token('TokenDataId'), token('TokenId'), token('Royalty')];
  const MAP = S.struct(b.foreignStruct(pkg, 'property_map', 'PropertyMap', COPY));
  const VALUE = S.struct(b.foreignStruct(pkg, 'property_map', 'PropertyValue', COPY));
  const holder = b.struct('Holder', AB.key, [['map', MAP]]);
  const SIGNER = S.ref(S.signer);
  const PROPS = [S.vec(STRING), S.vec(S.vec(S.u8)), S.vec(STRING)];
  const at = (module: string, name: string, params: unknown[], returns: unknown[] = [], tps = 0) =>
    b.use(pkg, module, name, params as never, returns as never, tps);
  const tokenFn = (name: string, params: unknown[], returns: unknown[] = []) =>
    at('token', name, params, returns);
  const addressOf = b.use('0x1', 'signer', 'address_of', [SIGNER], [S.address]);
  const dataId = tokenFn('create_token_data_id', [S.address, STRING, STRING], [DATA_ID]);
  const rawId = tokenFn('create_token_id_raw', [S.address, STRING, STRING, S.u64], [ID]);
  const royalty = tokenFn('create_royalty', [S.u64, S.u64, S.address], [ROYALTY]);
  const calls = {
    collDescription: tokenFn('mutate_collection_description', [SIGNER, STRING, STRING]),
    collUri: tokenFn('mutate_collection_uri', [SIGNER, STRING, STRING]),
    collMaximum: tokenFn('mutate_collection_maximum', [SIGNER, STRING, S.u64]),
    dataMaximum: tokenFn('mutate_tokendata_maximum', [SIGNER, DATA_ID, S.u64]),
    dataUri: tokenFn('mutate_tokendata_uri', [SIGNER, DATA_ID, STRING]),
    dataRoyalty: tokenFn('mutate_tokendata_royalty', [SIGNER, DATA_ID, ROYALTY]),
    dataDescription: tokenFn('mutate_tokendata_description', [SIGNER, DATA_ID, STRING]),
    dataProperty: tokenFn('mutate_tokendata_property', [SIGNER, DATA_ID, ...PROPS]),
    one: tokenFn('mutate_one_token', [SIGNER, S.address, ID, ...PROPS], [ID]),
  };
  const pmNew = at('property_map', 'new', PROPS, [MAP]);
  const pmValue = at('property_map', 'create_property_value', [S.ref(S.param(0))], [VALUE], 1);
  const pmAdd = at('property_map', 'add', [S.mut(MAP), STRING, VALUE]);
  const pmRemove = at('property_map', 'remove', [S.mut(MAP), S.ref(STRING)], [STRING, VALUE]);
  const pmUpdate = at('property_map', 'update_property_map', [S.mut(MAP), ...PROPS]);
  b.fn('coll', {
    entry: true,
    params: [SIGNER, STRING, STRING, STRING, S.u64],
    code: [
      ...[cp(0), cp(1), mv(2), call(calls.collDescription)],
      ...[cp(0), cp(1), mv(3), call(calls.collUri)],
      ...[mv(0), mv(1), mv(4), call(calls.collMaximum), ret],
    ],
  });
  b.fn('data', {
    entry: true,
    params: [SIGNER, STRING, STRING, S.u64, STRING, STRING, S.u64, S.u64],
    locals: [DATA_ID],
    code: [
      ...[cp(0), call(addressOf), mv(1), mv(2), call(dataId), st(8)],
      ...[cp(0), cp(8), mv(3), call(calls.dataMaximum)],
      ...[cp(0), cp(8), mv(4), call(calls.dataUri)],
      ...[cp(0), cp(8), mv(6), mv(7), cp(0), call(addressOf), call(royalty)],
      ...[call(calls.dataRoyalty), mv(0), mv(8), mv(5), call(calls.dataDescription), ret],
    ],
  });
  b.fn('props', {
    entry: true,
    params: [SIGNER, STRING, STRING, ...PROPS],
    locals: [DATA_ID],
    code: [
      ...[cp(0), call(addressOf), mv(1), mv(2), call(dataId), st(6)],
      ...[mv(0), mv(6), mv(3), mv(4), mv(5), call(calls.dataProperty), ret],
    ],
  });
  b.fn('one', {
    entry: true,
    params: [SIGNER, S.address, STRING, STRING, S.u64, ...PROPS],
    code: [
      ...[cp(0), mv(1), cp(0), call(addressOf), mv(2), mv(3), mv(4), call(rawId)],
      ...[mv(5), mv(6), mv(7), call(calls.one), pop, ret],
    ],
  });
  // map(s, keys, values, types, n, added, gone): new, add `added` = create_property_value(&n),
  // remove `gone`, update with the same keys again, kept in Holder.
  b.fn('map', {
    entry: true,
    params: [SIGNER, ...PROPS, S.u64, STRING, STRING],
    locals: [MAP],
    code: [
      ...[cp(1), cp(2), cp(3), call(pmNew), st(7)],
      ...[mut(7), mv(5), ref(4), { op: 'CallGeneric' as const, fn: b.fnInst(pmValue, [S.u64]) }],
      ...[call(pmAdd), mut(7), ref(6), call(pmRemove), pop, pop],
      ...[mut(7), mv(1), mv(2), mv(3), call(pmUpdate)],
      ...[
        mv(0),
        mv(7),
        { op: 'Pack' as const, def: holder.def },
        { op: 'MoveTo' as const, def: holder.def },
        ret,
      ],
    ],
  });
  const TOKEN = S.struct(b.foreignStruct(pkg, 'token', 'Token', AB.store));
  const CAP = S.struct(b.foreignStruct(pkg, 'token', 'WithdrawCapability', AB.drop | AB.store));
  const vault = b.struct('Vault', AB.key, [['token', TOKEN]]);
  const held = {
    withdraw: tokenFn('withdraw_token', [SIGNER, ID, S.u64], [TOKEN]),
    split: tokenFn('split', [S.mut(TOKEN), S.u64], [TOKEN]),
    merge: tokenFn('merge', [S.mut(TOKEN), TOKEN]),
    capability: tokenFn('create_withdraw_capability', [SIGNER, ID, S.u64, S.u64], [CAP]),
    partial: tokenFn(
      'partial_withdraw_with_capability',
      [CAP, S.u64],
      [TOKEN, S.struct(b.foreignStruct('0x1', 'option', 'Option', COPY, 1), [CAP])],
    ),
  };
  // hold(s, collection, name): 2 withdrawn, split and merged back, 1 more withdrawn with a
  // capability for 2 (the rest of it dropped), all kept in the module's Vault.
  b.fn('hold', {
    entry: true,
    params: [SIGNER, STRING, STRING],
    locals: [ID, TOKEN, TOKEN],
    code: [
      ...[cp(0), call(addressOf), mv(1), mv(2), op.u64(0n), call(rawId), st(3)],
      ...[cp(0), cp(3), op.u64(2n), call(held.withdraw), st(4)],
      ...[mut(4), op.u64(1n), call(held.split), st(5), mut(4), mv(5), call(held.merge)],
      ...[cp(0), mv(3), op.u64(2n), op.u64(0xffffffffffffffffn), call(held.capability)],
      ...[op.u64(1n), call(held.partial), pop, st(5), mut(4), mv(5), call(held.merge)],
      ...[
        mv(0),
        mv(4),
        { op: 'Pack' as const, def: vault.def },
        { op: 'MoveTo' as const, def: vault.def },
        ret,
      ],
    ],
  });
  const COLLECTION_CONFIG = token('CollectionMutabilityConfig');
  const CONFIG = token('TokenMutabilityConfig');
  const OPTION_U64 = S.struct(b.foreignStruct('0x1', 'option', 'Option', COPY, 1), [S.u64]);
  const views = {
    balance: tokenFn('balance_of', [S.address, ID], [S.u64]),
    collectionSupply: tokenFn('get_collection_supply', [S.address, STRING], [OPTION_U64]),
    tokenSupply: tokenFn('get_token_supply', [S.address, DATA_ID], [OPTION_U64]),
    royalty: tokenFn('get_royalty', [ID], [ROYALTY]),
    config: tokenFn('get_tokendata_mutability_config', [DATA_ID], [CONFIG]),
    collectionConfig: tokenFn(
      'get_collection_mutability_config',
      [S.address, STRING],
      [COLLECTION_CONFIG],
    ),
    properties: tokenFn('get_property_map', [S.address, ID], [MAP]),
    largest: tokenFn('get_tokendata_largest_property_version', [S.address, DATA_ID], [S.u64]),
    uri: tokenFn('get_tokendata_uri', [S.address, DATA_ID], [STRING]),
    description: tokenFn('get_collection_description', [S.address, STRING], [STRING]),
  };
  // info(owner, collection, name, version): what the getters say of the owner's own token.
  b.fn('info', {
    view: true,
    params: [S.address, STRING, STRING, S.u64],
    returns: [
      ...[S.u64, OPTION_U64, OPTION_U64, ROYALTY, CONFIG, COLLECTION_CONFIG, MAP, S.u64],
      ...[STRING, STRING],
    ],
    locals: [DATA_ID, ID],
    code: [
      ...[cp(0), cp(1), cp(2), call(dataId), st(4), cp(0), cp(1), cp(2), cp(3), call(rawId), st(5)],
      ...[cp(0), cp(5), call(views.balance), cp(0), cp(1), call(views.collectionSupply)],
      ...[cp(0), cp(4), call(views.tokenSupply), cp(5), call(views.royalty)],
      ...[cp(4), call(views.config), cp(0), cp(1), call(views.collectionConfig)],
      ...[cp(0), cp(5), call(views.properties), cp(0), cp(4), call(views.largest)],
      ...[cp(0), cp(4), call(views.uri), cp(0), cp(1), call(views.description), ret],
    ],
  });
  return b.build();
}

const bare = (address: string) => address.slice(2).replace(/^0+/, '');

function learnTables(side: Side, changes: WriteSetChange[]): void {
  for (const change of changes) {
    if (change.type !== 'write_resource' || !('data' in change)) continue;
    const data = (change.data as { data: Record<string, unknown> }).data;
    for (const field of ['collection_data', 'token_data', 'tokens']) {
      const table = data[field] as { handle?: string } | undefined;
      if (table?.handle !== undefined) side.tables.set(table.handle, field.toUpperCase());
    }
  }
}

function outcome(side: Side, done: UserTransactionResponse) {
  learnTables(side, done.changes);
  const me = side.account.accountAddress.toStringLong();
  const kept = done.changes
    .filter(
      (c) =>
        c.type.endsWith('table_item') ||
        ('data' in c && /::(calls|token)::/.test((c.data as { type: string }).type)),
    )
    .map((change) => ({ ...change, state_key_hash: undefined }));
  let text = JSON.stringify({
    status: done.vm_status,
    events: done.events
      .filter((e) => !e.type.endsWith('FeeStatement'))
      .map(({ type, data }) => ({ type, data })),
    changes: kept,
  });
  text = text.replace(new RegExp(`0x0*${bare(me)}::calls::`, 'g'), 'CALLS::calls::');
  text = text.replace(new RegExp(`0x0*${bare(side.pkg)}::`, 'g'), '0x3::');
  for (const [value, role] of [[me, 'CREATOR'], ...side.tables] as Array<[string, string]>) {
    text = text
      .replace(new RegExp(`0x0*${bare(value)}(?![0-9a-f])`, 'g'), role)
      .replaceAll(value.slice(2), role);
  }
  const result = JSON.parse(text) as { changes: unknown[] };
  const key = (change: unknown) => JSON.stringify(change);
  return { ...result, changes: [...result.changes].sort((a, b) => key(a).localeCompare(key(b))) };
}

async function side(reference: boolean): Promise<Side> {
  const account = await fundedAccount(chain, 1_000_000_000);
  const me = account.accountAddress.toStringLong();
  const tx = ownerTransactions(chain, account);
  const pkg = reference ? me : THREE;
  const modules: CompiledModule[] = reference
    ? PACKAGE.map((name) => {
        const m = readModule(readFileSync(join(REFERENCE_ROOT, 'AptosToken', `${name}.mv`)));
        return {
          ...m,
          addressIdentifiers: m.addressIdentifiers.map((a) => (a === THREE ? me : a)),
        };
      })
    : [];
  modules.push(callsModule(me, pkg));
  const names = [...(reference ? PACKAGE : []), 'calls'];
  const published = await tx.submit(
    await chain.aptos.publishPackageTransaction({
      account: account.accountAddress,
      metadataBytes: packageMetadata('Calls', names),
      moduleBytecode: modules.map((m) => bytesToHex(writeModule(m))),
    }),
  );
  if (!published.success) throw new Error(`publish: ${published.vm_status}`);
  const result: Side = { account, tx, pkg, tables: new Map() };
  for (const [collection, mutable] of [
    ['Mut', true],
    ['Frozen', false],
  ] as const) {
    for (const done of [
      await tx.send({
        function: `${pkg}::token::create_collection_script` as `${string}::${string}::${string}`,
        functionArguments: [collection, 'd', 'u', 5, [mutable, mutable, mutable]],
      }),
      await tx.send({
        function: `${pkg}::token::create_token_script` as `${string}::${string}::${string}`,
        functionArguments: [
          ...[collection, 'Gem', 'gem', 3, 10, 'gem-uri', me, 100, 5, Array(5).fill(mutable)],
          ...[['attack'], [u64(7)], ['u64']],
        ],
      }),
    ]) {
      if (!done.success) throw new Error(`setup: ${done.vm_status}`);
      learnTables(result, done.changes);
    }
  }
  return result;
}

function u64(n: number): Uint8Array {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(n));
  return Uint8Array.from(bytes);
}

const STEPS: Array<[string, string, (me: string) => unknown[]]> = [
  ['collection mutators', 'coll', () => ['Mut', 'new d', 'new u', 7]],
  ['a collection maximum of 0', 'coll', () => ['Mut', 'x', 'y', 0]],
  ['an immutable collection', 'coll', () => ['Frozen', 'x', 'y', 7]],
  ['token data mutators', 'data', () => ['Mut', 'Gem', 20, 'new uri', 'new gem', 3, 50]],
  ['a maximum under the supply', 'data', () => ['Mut', 'Gem', 2, 'u', 'g', 3, 50]],
  ['immutable token data', 'data', () => ['Frozen', 'Gem', 20, 'u', 'g', 3, 50]],
  [
    'default properties upserted',
    'props',
    () => ['Mut', 'Gem', ['attack', 'speed'], [u64(9), u64(2)], ['u64', 'u64']],
  ],
  ['counts that differ', 'props', () => ['Mut', 'Gem', ['a', 'b'], [u64(1)], ['u64', 'u64']]],
  [
    'mutate_one_token on version 0',
    'one',
    (me) => [me, 'Mut', 'Gem', 0, ['attack'], [u64(11)], ['u64']],
  ],
  [
    'mutate_one_token on version 1',
    'one',
    (me) => [me, 'Mut', 'Gem', 1, ['hp'], [u64(1)], ['u64']],
  ],
  ['mutate_one_token of a frozen token', 'one', (me) => [me, 'Frozen', 'Gem', 0, [], [], []]],
  [
    'property_map built, added to, swap-removed from and updated, kept in a resource',
    'map',
    () => [['a', 'b', 'c'], [u64(1), u64(2), u64(3)], ['u64', 'u64', 'u64'], 42, 'n', 'a'],
  ],
  ['property_map add of a taken key', 'map', () => [['a'], [u64(1)], ['u64'], 42, 'a', 'a']],
  ['property_map remove of a missing key', 'map', () => [['a'], [u64(1)], ['u64'], 42, 'n', 'zz']],
  [
    'Tokens held by Move: split, merged, withdrawn with a capability, kept',
    'hold',
    () => ['Frozen', 'Gem'],
  ],
  ['a withdrawal past the balance', 'hold', () => ['Frozen', 'Gem']],
];

describe.skipIf(!referenceAvailable())('0x3 from Move against the reference bytecode', () => {
  beforeAll(async () => {
    chain = await startChain();
    native = await side(false);
    bytecode = await side(true);
  }, 60_000);
  afterAll(async () => {
    await chain.localnet.stop();
  });

  it.each(STEPS)('%s', async (_name, fn, args) => {
    const send = async (s: Side) => {
      const me = s.account.accountAddress.toStringLong();
      return outcome(
        s,
        await s.tx.send({ function: `${me}::calls::${fn}`, functionArguments: args(me) as never }),
      );
    };
    const expected = await send(bytecode);
    expect(await send(native)).toEqual(expected);
  });

  it.each([
    ['Mut', 0],
    ['Mut', 1],
    ['Frozen', 0],
    ['Mut', 5],
    ['Nowhere', 0],
  ] as const)('the getters on %s version %i answer alike', async (collection, version) => {
    const view = async (s: Side) => {
      const me = s.account.accountAddress.toStringLong();
      const answer = await chain.aptos
        .view({
          payload: {
            function: `${me}::calls::info`,
            functionArguments: [me, collection, 'Gem', version],
          },
        })
        .catch((error: unknown) => (error as Error).message.replace(/^.*failed with: /s, ''));
      return outcome(s, { vm_status: JSON.stringify(answer), events: [], changes: [] } as never);
    };
    const expected = await view(bytecode);
    expect(await view(native)).toEqual(expected);
  });
});
