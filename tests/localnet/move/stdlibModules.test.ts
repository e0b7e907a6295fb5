import { describe, expect, it } from 'vitest';
import type { Json, LongAddress } from '../../../localnet/encoding.ts';
import { shortAddress } from '../../../localnet/encoding.ts';
import type { CompiledModule, SignatureToken } from '../../../localnet/move/binary/types.ts';
import { sipHash24 } from '../../../localnet/move/vm/stdlib/sipHash.ts';
import { bucketIndex } from '../../../localnet/move/vm/stdlib/smartTable.ts';
import type { ResourceValue, TableItemValue } from '../../../localnet/storage/types.ts';
import { resourceKey } from '../../../localnet/storage/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { failure, VmWorld } from './vmWorld.ts';

/**
 * User modules (written with the test bytecode builder) calling `0x1::string_utils` and
 * `0x1::smart_table`: results through `/view`'s path, the resource and table items written, and
 * abort statuses.
 */
const ME = `0x${'ab'.repeat(32)}` as LongAddress;

const u64 = (n: bigint) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
};

/**
 * `module fmt { struct Pair has copy, drop { a: u64, b: String }
 *   #[view] fun show<T>(x: T): String { string_utils::to_string(&x) }   (and canonical, debug)
 *   #[view] fun fmt2<T0, T1>(f: vector<u8>, a: T0, b: T1): String { string_utils::format2(&f, a, b) }
 *   #[view] fun pair(a: u64, b: String): String { string_utils::to_string(&Pair { a, b }) } }`
 */
function fmtModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'fmt');
  const str = S.struct(b.foreignStruct('0x1', 'string', 'String', 1 | 2 | 4));
  const pair = b.struct('Pair', 1 | 2, [
    ['a', S.u64],
    ['b', str],
  ]);
  const P0 = S.param(0);
  const P1 = S.param(1);
  const one = (name: string) => b.use('0x1', 'string_utils', name, [S.ref(P0)], [str], 1);
  const views: Array<[string, number]> = [
    ['show', one('to_string')],
    ['canonical', one('to_string_with_canonical_addresses')],
    ['debug', one('debug_string')],
  ];
  for (const [name, handle] of views) {
    b.fn(name, {
      view: true,
      typeParams: 1,
      params: [P0],
      returns: [str],
      code: [
        { op: 'ImmBorrowLoc', local: 0 },
        { op: 'CallGeneric', fn: b.fnInst(handle, [P0]) },
        { op: 'Ret' },
      ],
    });
  }
  const format2 = b.use('0x1', 'string_utils', 'format2', [S.ref(S.vec(S.u8)), P0, P1], [str], 2);
  b.fn('fmt2', {
    view: true,
    typeParams: 2,
    params: [S.vec(S.u8), P0, P1],
    returns: [str],
    code: [
      { op: 'ImmBorrowLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 2 },
      { op: 'CallGeneric', fn: b.fnInst(format2, [P0, P1]) },
      { op: 'Ret' },
    ],
  });
  const pairTy: SignatureToken = S.struct(pair.handle);
  b.fn('pair', {
    view: true,
    params: [S.u64, str],
    returns: [str],
    locals: [pairTy],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'Pack', def: pair.def },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'CallGeneric', fn: b.fnInst(views[0]?.[1] as number, [pairTy]) },
      { op: 'Ret' },
    ],
  });
  const built = b.build();
  // The views' type parameters have `copy + drop` (abilities 1 | 2), as the compiler requires.
  return {
    ...built,
    functionHandles: built.functionHandles.map((handle) =>
      handle.module === built.selfModuleHandleIdx
        ? { ...handle, typeParameters: handle.typeParameters.map(() => 1 | 2) }
        : handle,
    ),
  };
}

/**
 * `module bag { struct Bag has key { t: SmartTable<u64, u64> }
 *   entry fun init(s, n, threshold: u8, target) / put(s, k, v) / take(s, k)
 *   #[view] fun get(a, k): u64, count(a): u64 }`
 */
function bagModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'bag');
  const st = b.foreignStruct('0x1', 'smart_table', 'SmartTable', 4, 2);
  const P0 = S.param(0);
  const P1 = S.param(1);
  const generic = S.struct(st, [P0, P1]);
  const kv = [S.u64, S.u64];
  const bag = b.struct('Bag', 8, [['t', S.struct(st, kv)]]);
  const t = b.field(bag.def, 0);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const inst = (name: string, params: SignatureToken[], returns: SignatureToken[]) =>
    b.fnInst(b.use('0x1', 'smart_table', name, params, returns, 2), kv);
  const newWithConfig = inst('new_with_config', [S.u64, S.u8, S.u64], [generic]);
  const add = inst('add', [S.mut(generic), P0, P1], []);
  const remove = inst('remove', [S.mut(generic), P0], [P1]);
  const borrow = inst('borrow', [S.ref(generic), P0], [S.ref(P1)]);
  const length = inst('length', [S.ref(generic)], [S.u64]);
  b.error(0x10001n, 'ENOT_FOUND', 'unused: aborts come from 0x1::smart_table');
  b.fn('init', {
    entry: true,
    params: [S.ref(S.signer), S.u64, S.u8, S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 2 },
      { op: 'MoveLoc', local: 3 },
      { op: 'CallGeneric', fn: newWithConfig },
      { op: 'Pack', def: bag.def },
      { op: 'MoveTo', def: bag.def },
      { op: 'Ret' },
    ],
  });
  const mutTable = [
    { op: 'MoveLoc', local: 0 },
    { op: 'Call', fn: addressOf },
    { op: 'MutBorrowGlobal', def: bag.def },
    { op: 'MutBorrowField', field: t },
  ] as const;
  b.fn('put', {
    entry: true,
    params: [S.ref(S.signer), S.u64, S.u64],
    code: [
      ...mutTable,
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 2 },
      { op: 'CallGeneric', fn: add },
      { op: 'Ret' },
    ],
  });
  b.fn('take', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    code: [
      ...mutTable,
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: remove },
      { op: 'Pop' },
      { op: 'Ret' },
    ],
  });
  const table = [
    { op: 'MoveLoc', local: 0 },
    { op: 'ImmBorrowGlobal', def: bag.def },
    { op: 'ImmBorrowField', field: t },
  ] as const;
  b.fn('get', {
    view: true,
    params: [S.address, S.u64],
    returns: [S.u64],
    code: [
      ...table,
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: borrow },
      { op: 'ReadRef' },
      { op: 'Ret' },
    ],
  });
  b.fn('count', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    code: [...table, { op: 'CallGeneric', fn: length }, { op: 'Ret' }],
  });
  return b.build();
}

describe('user modules calling 0x1::string_utils', () => {
  const world = new VmWorld(ME);
  world.modules.set(`${ME}::fmt`, fmtModule());

  it('formats values, addresses and a struct of the module by its layout', () => {
    expect(world.view('fmt', 'show', [['1', '2', '3']], ['vector<u64>'])).toEqual(['[ 1, 2, 3 ]']);
    expect(world.view('fmt', 'show', ['0x1'], ['address'])).toEqual(['@0x1']);
    expect(world.view('fmt', 'canonical', ['0x1'], ['address'])).toEqual([`@${'0'.repeat(63)}1`]);
    expect(world.view('fmt', 'show', [{ vec: ['7'] }], ['0x1::option::Option<u8>'])).toEqual([
      'Some(7)',
    ]);
    expect(world.view('fmt', 'pair', ['5', 'hi'])).toEqual(['Pair { a: 5, b: "hi" }']);
    expect(world.view('fmt', 'debug', [{ a: '5', b: 'hi' }], [`${ME}::fmt::Pair`])).toEqual([
      `${shortAddress(ME)}::fmt::Pair {\n  a: 5,\n  b: "hi"\n}`,
    ]);
  });

  it('formats a list with format2 and aborts on a bad format', () => {
    const f = `0x${Buffer.from('a = {}, b = {}').toString('hex')}`;
    expect(world.view('fmt', 'fmt2', [f, '1', 'x'], ['u64', '0x1::string::String'])).toEqual([
      'a = 1, b = "x"',
    ]);
    const bad = `0x${Buffer.from('{} {} {}').toString('hex')}`;
    expect(failure(() => world.view('fmt', 'fmt2', [bad, '1', '2'], ['u64', 'u64']))).toMatch(
      /^Move abort in 0x1::string_utils: EARGS_MISMATCH\(0x1\)/,
    );
  });
});

describe('user modules storing a 0x1::smart_table', () => {
  const world = new VmWorld(ME);
  world.modules.set(`${ME}::bag`, bagModule());
  const bagKey = resourceKey(ME, `${ME}::bag::Bag`);

  it('writes the SmartTable resource and one table item per bucket, as the Move module lays them out', () => {
    const created = world.call('bag', 'init', [u64(0n), Uint8Array.of(0), u64(0n)]);
    const resource = created.get(bagKey) as ResourceValue;
    const data = resource.data as { t: { buckets: { inner: { handle: string }; length: string } } };
    expect(data).toEqual({
      t: {
        buckets: { inner: { handle: data.t.buckets.inner.handle }, length: '2' },
        level: 1,
        num_buckets: '2',
        size: '0',
        split_load_threshold: 75,
        target_bucket_size: '0',
      },
    });
    const buckets = [...created.values()].filter(
      (v): v is TableItemValue => v?.kind === 'table_item',
    );
    expect(buckets.map((b) => [b.key, b.keyType, b.valueType, b.value])).toEqual([
      ['0x0000000000000000', 'u64', 'vector<0x1::smart_table::Entry<u64, u64>>', '0x00'],
      ['0x0100000000000000', 'u64', 'vector<0x1::smart_table::Entry<u64, u64>>', '0x00'],
    ]);

    for (let k = 1n; k <= 5n; k += 1n) world.call('bag', 'put', [u64(k), u64(k * 10n)]);
    const state = (world.state.get(bagKey) as ResourceValue).data as { t: Record<string, Json> };
    expect(state.t).toMatchObject({ size: '5', num_buckets: '2', target_bucket_size: '42' });
    // Each entry is in the bucket its SipHash names, with the hash as a decimal string.
    const items = [...world.state.values()].filter(
      (v): v is TableItemValue => v.kind === 'table_item',
    );
    const entries = items.flatMap((item) =>
      (item.decodedValue as Array<{ hash: string; key: string; value: string }>).map((e) => ({
        bucket: item.decodedKey,
        ...e,
      })),
    );
    expect(entries.map((e) => e.key).sort()).toEqual(['1', '2', '3', '4', '5']);
    for (const e of entries) {
      const hash = sipHash24(u64(BigInt(e.key)));
      expect(e.hash).toBe(hash.toString());
      expect(e.value).toBe(String(BigInt(e.key) * 10n));
      expect(e.bucket).toBe(bucketIndex(1, 2n, hash).toString());
    }
    expect(world.view('bag', 'get', [ME, '3'])).toEqual(['30']);
    expect(world.view('bag', 'count', [ME])).toEqual(['5']);
  });

  it('removes entries and aborts with the module codes', () => {
    world.call('bag', 'take', [u64(3n)]);
    expect(world.view('bag', 'count', [ME])).toEqual(['4']);
    expect(failure(() => world.view('bag', 'get', [ME, '3']))).toBe(
      'Move abort in 0x1::smart_table: ENOT_FOUND(0x10001): Key not found in the smart table',
    );
    expect(failure(() => world.call('bag', 'put', [u64(1n), u64(0n)]))).toBe(
      'Move abort in 0x1::smart_table: EALREADY_EXIST(0x10004): Key already exists',
    );
    expect(failure(() => world.call('bag', 'take', [u64(3n)]))).toContain('ENOT_FOUND(0x10001)');
  });
});
