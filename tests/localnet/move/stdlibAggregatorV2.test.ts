import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref, serialize } from '../../../localnet/move/vm/values.ts';
import type { ResourceValue } from '../../../localnet/storage/types.ts';
import { resourceKey } from '../../../localnet/storage/types.ts';
import { call, charged, session } from './nativeHarness.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { failure, VmWorld } from './vmWorld.ts';

/** `0x1::aggregator_v2` against aggregator_v2.move and aptos-core's natives. */
const ME = `0x${'ae'.repeat(32)}` as LongAddress;
const r = (v: Value) => new Ref([v], 0);
const str = (s: string): Value => [Array.from(Buffer.from(s))];
const U64_MAX = (1n << 64n) - 1n;

const u64 = (n: bigint) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
};

/**
 * `module counter { struct C has key { a: Aggregator<u64> }
 *   entry fun init(s: &signer, max: u64) { move_to(s, C { a: create_aggregator(max) }) }
 *   entry fun bump(s: &signer, n: u64) { add(&mut C[addr_of(s)].a, n) }
 *   #[view] fun get(a: address): u64 { read(&C[a].a) } }`
 */
function counterModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'counter');
  const agg = b.foreignStruct('0x1', 'aggregator_v2', 'Aggregator', 2 | 4, 1);
  const aggU64 = S.struct(agg, [S.u64]);
  const generic = S.struct(agg, [S.param(0)]);
  const c = b.struct('C', 8, [['a', aggU64]]);
  const a = b.field(c.def, 0);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const inst = (name: string, params: Parameters<typeof S.vec>[0][], returns: typeof params) =>
    b.fnInst(b.use('0x1', 'aggregator_v2', name, params, returns, 1), [S.u64]);
  const create = inst('create_aggregator', [S.param(0)], [generic]);
  const add = inst('add', [S.mut(generic), S.param(0)], []);
  const read = inst('read', [S.ref(generic)], [S.param(0)]);
  b.fn('init', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: create },
      { op: 'Pack', def: c.def },
      { op: 'MoveTo', def: c.def },
      { op: 'Ret' },
    ],
  });
  b.fn('bump', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'MutBorrowGlobal', def: c.def },
      { op: 'MutBorrowField', field: a },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: add },
      { op: 'Ret' },
    ],
  });
  b.fn('get', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: c.def },
      { op: 'ImmBorrowField', field: a },
      { op: 'CallGeneric', fn: read },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

describe('0x1::aggregator_v2', () => {
  it('bounded and unbounded aggregators: try_add / try_sub refuse, add / sub abort', () => {
    const before = charged();
    const [agg] = call('aggregator_v2::create_aggregator', [10n], ['u64']);
    expect(charged() - before).toBe(18_380);
    expect(agg).toEqual([0n, 10n]);
    expect(call('aggregator_v2::try_add', [r(agg as Value), 5n], ['u64'])).toEqual([true]);
    expect(call('aggregator_v2::try_sub', [r(agg as Value), 6n], ['u64'])).toEqual([false]);
    expect(call('aggregator_v2::try_add', [r(agg as Value), 6n], ['u64'])).toEqual([false]);
    expect(call('aggregator_v2::is_at_least', [r(agg as Value), 5n], ['u64'])).toEqual([true]);
    expect(call('aggregator_v2::is_at_least', [r(agg as Value), 6n], ['u64'])).toEqual([false]);
    expect(call('aggregator_v2::read', [r(agg as Value)], ['u64'])).toEqual([5n]);
    expect(call('aggregator_v2::max_value', [r(agg as Value)], ['u64'])).toEqual([10n]);
    expect(failure(() => call('aggregator_v2::add', [r(agg as Value), 6n], ['u64']))).toBe(
      'Move abort in 0x1::aggregator_v2: EAGGREGATOR_OVERFLOW(0x20001): The value of aggregator overflows. Raised by uncoditional add() call',
    );
    expect(failure(() => call('aggregator_v2::sub', [r(agg as Value), 6n], ['u64']))).toContain(
      'EAGGREGATOR_UNDERFLOW(0x20002)',
    );
    expect(call('aggregator_v2::create_unbounded_aggregator', [], ['u128'])).toEqual([
      [0n, (1n << 128n) - 1n],
    ]);
    expect(call('aggregator_v2::create_unbounded_aggregator_with_value', [7n], ['u64'])).toEqual([
      [7n, U64_MAX],
    ]);
    expect(
      failure(() => call('aggregator_v2::create_aggregator_with_value', [11n, 10n], ['u64'])),
    ).toContain('EAGGREGATOR_OVERFLOW(0x20001)');
    expect(failure(() => call('aggregator_v2::create_unbounded_aggregator', [], ['u8']))).toBe(
      'Move abort in 0x1::aggregator_v2: EUNSUPPORTED_AGGREGATOR_TYPE(0x30007): The generic type supplied to the aggregator is not supported.',
    );
  });

  it('snapshots of integers only; copy_snapshot and string_concat are deprecated', () => {
    const [agg] = call('aggregator_v2::create_unbounded_aggregator_with_value', [42n], ['u64']);
    const [snap] = call('aggregator_v2::snapshot', [r(agg as Value)], ['u64']);
    call('aggregator_v2::add', [r(agg as Value), 1n], ['u64']);
    expect(call('aggregator_v2::read_snapshot', [r(snap as Value)], ['u64'])).toEqual([42n]);
    expect(call('aggregator_v2::create_snapshot', [9n], ['u128'])).toEqual([[9n]]);
    expect(
      failure(() => call('aggregator_v2::create_snapshot', [str('x')], ['0x1::string::String'])),
    ).toContain('EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE(0x30005)');
    expect(
      failure(() => call('aggregator_v2::copy_snapshot', [r(snap as Value)], ['u64'])),
    ).toContain('EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED(0x30009)');
  });

  it('derived strings carry the padding a node reserves (their BCS width is the node’s)', () => {
    const ty = parseTy('0x1::aggregator_v2::DerivedStringSnapshot');
    const [constant] = call('aggregator_v2::create_derived_string', [str('42')]);
    // max(3 + 1, 20 + 2) bytes: 3 for the string, 1 for the padding's length, 18 of padding.
    expect(serialize(ty, constant as Value, session.layout).length).toBe(22);
    expect(call('aggregator_v2::read_derived_string', [r(constant as Value)])).toEqual([str('42')]);
    const [snap] = call('aggregator_v2::create_snapshot', [1234n], ['u64']);
    const [concat] = call(
      'aggregator_v2::derive_string_concat',
      [str('#'), r(snap as Value), str('!')],
      ['u64'],
    );
    expect(call('aggregator_v2::read_derived_string', [r(concat as Value)])).toEqual([
      str('#1234!'),
    ]);
    // 1 + (2 + 20) bytes for the string at its widest, 1 for the padding's length.
    expect(serialize(ty, concat as Value, session.layout).length).toBe(24);
    const long = 'x'.repeat(1025);
    expect(failure(() => call('aggregator_v2::create_derived_string', [str(long)]))).toBe(
      'Move abort in 0x1::aggregator_v2: ECONCAT_STRING_LENGTH_TOO_LARGE(0x30008): Arguments passed to concat exceed max limit of 1024 bytes (for prefix and suffix together).',
    );
  });

  it('a user module keeps an Aggregator<u64> in a resource, stored as { value, max_value }', () => {
    const world = new VmWorld(ME);
    world.modules.set(`${ME}::counter`, counterModule());
    world.call('counter', 'init', [u64(100n)]);
    world.call('counter', 'bump', [u64(60n)]);
    world.call('counter', 'bump', [u64(40n)]);
    const stored = world.state.get(resourceKey(ME, `${ME}::counter::C`)) as ResourceValue;
    expect(stored.data).toEqual({ a: { max_value: '100', value: '100' } });
    expect(world.view('counter', 'get', [ME])).toEqual(['100']);
    expect(failure(() => world.call('counter', 'bump', [u64(1n)]))).toContain(
      'Move abort in 0x1::aggregator_v2: EAGGREGATOR_OVERFLOW(0x20001)',
    );
  });
});
