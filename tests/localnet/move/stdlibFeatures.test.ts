import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { genesisWrites } from '../../../localnet/framework/genesis.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { FEATURES_TYPE, hasFlag } from '../../../localnet/move/vm/stdlib/features.ts';
import type { ResourceValue } from '../../../localnet/storage/types.ts';
import { resourceKey } from '../../../localnet/storage/types.ts';
import { call, ONE } from './nativeHarness.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { failure, VmWorld } from './vmWorld.ts';

/** `std::features` against features.move, from the natives and from a user module's bytecode. */
const ME = `0x${'cd'.repeat(32)}` as LongAddress;
const KEY = resourceKey(ONE, FEATURES_TYPE);
const features = (hex: string): ResourceValue => ({
  kind: 'resource',
  address: ONE,
  type: FEATURES_TYPE,
  data: { features: hex },
});

/**
 * `module flags { #[view] fun on(f: u64): bool { features::is_enabled(f) }
 *   #[view] fun dispatch(): bool { features::is_function_value_dispatch_enabled() }
 *   #[view] fun fa_feature(): u64 { features::get_new_accounts_default_to_fa_store_feature() }
 *   entry fun next(s: &signer, e: vector<u64>, d: vector<u64>) { change_feature_flags_for_next_epoch } }`
 */
function flagsModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'flags');
  const isEnabled = b.use('0x1', 'features', 'is_enabled', [S.u64], [S.bool]);
  const dispatch = b.use('0x1', 'features', 'is_function_value_dispatch_enabled', [], [S.bool]);
  const faFeature = b.use(
    '0x1',
    'features',
    'get_new_accounts_default_to_fa_store_feature',
    [],
    [S.u64],
  );
  const next = b.use(
    '0x1',
    'features',
    'change_feature_flags_for_next_epoch',
    [S.ref(S.signer), S.vec(S.u64), S.vec(S.u64)],
    [],
  );
  const onNewEpoch = b.use('0x1', 'features', 'on_new_epoch', [S.ref(S.signer)], []);
  b.fn('epoch', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Call', fn: onNewEpoch }, { op: 'Ret' }],
  });
  b.fn('on', {
    view: true,
    params: [S.u64],
    returns: [S.bool],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Call', fn: isEnabled }, { op: 'Ret' }],
  });
  b.fn('dispatch', {
    view: true,
    returns: [S.bool],
    code: [{ op: 'Call', fn: dispatch }, { op: 'Ret' }],
  });
  b.fn('fa_feature', {
    view: true,
    returns: [S.u64],
    code: [{ op: 'Call', fn: faFeature }, { op: 'Ret' }],
  });
  b.fn('next', {
    entry: true,
    params: [S.ref(S.signer), S.vec(S.u64), S.vec(S.u64)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 2 },
      { op: 'Call', fn: next },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

describe('0x1::features', () => {
  it('genesis stores devnet flags: FA stores and function values on, permissioned signer off', () => {
    const stored = genesisWrites(0n).find((w) => w.key === KEY)?.value as ResourceValue;
    const bytes = Array.from(Buffer.from(String(stored.data.features).slice(2), 'hex'));
    expect(hasFlag(bytes, 90n)).toBe(true); // NEW_ACCOUNTS_DEFAULT_TO_FA_STORE
    expect(hasFlag(bytes, 89n)).toBe(true); // ENABLE_FUNCTION_VALUES
    expect(hasFlag(bytes, 84n)).toBe(false); // PERMISSIONED_SIGNER
    expect(hasFlag(bytes, 6n)).toBe(false); // the removed gas-fee collection
    expect(hasFlag(bytes, 1000n)).toBe(false);
  });

  it('getters, fixed answers and removed flags as the Move code', () => {
    expect(call('features::get_multisig_accounts_feature', [])).toEqual([10n]);
    expect(call('features::get_function_value_dispatch_feature', [])).toEqual([125n]);
    // Flags that can no longer change: a fixed answer, or (for get_auids) an error code returned.
    expect(call('features::concurrent_token_v2_enabled', [])).toEqual([true]);
    expect(call('features::is_permissioned_signer_enabled', [])).toEqual([false]);
    expect(call('features::get_auids', [])).toEqual([0x10003n]);
    expect(failure(() => call('features::get_permissioned_signer_feature', []))).toBe(
      'Move abort in 0x1::features: EINVALID_FEATURE(0x10001): ',
    );
    expect(failure(() => call('features::change_feature_flags', [ONE, [], []]))).toBe(
      'Move abort in 0x1::features: EAPI_DISABLED(0x30002): ',
    );
    // The harness's state is empty: without `Features` every flag is off, as on a node.
    expect(call('features::multisig_accounts_enabled', [])).toEqual([false]);
  });

  it('a user module reads the flags in state; only the framework may change them', () => {
    const world = new VmWorld(ME);
    world.modules.set(`${ME}::flags`, flagsModule());
    // Flags 1 and 125 on (bytes 0 and 15), 105 (FUNCTION_REFLECTION, byte 13) off.
    const bytes = new Array<number>(16).fill(0);
    bytes[0] = 0b10;
    bytes[15] = 0b0010_0000;
    world.state.set(KEY, features(`0x${Buffer.from(bytes).toString('hex')}`));
    expect(world.view('flags', 'on', ['1'])).toEqual([true]);
    expect(world.view('flags', 'on', ['2'])).toEqual([false]);
    expect(world.view('flags', 'on', ['125'])).toEqual([true]);
    // Needs 125 and 105.
    expect(world.view('flags', 'dispatch', [])).toEqual([false]);
    bytes[13] = 0b10;
    world.state.set(KEY, features(`0x${Buffer.from(bytes).toString('hex')}`));
    expect(world.view('flags', 'dispatch', [])).toEqual([true]);
    expect(failure(() => world.view('flags', 'fa_feature', []))).toContain('EINVALID_FEATURE');
    const none = Uint8Array.of(0);
    expect(failure(() => world.call('flags', 'next', [none, none]))).toBe(
      // features.mv's error map names code 1 EINVALID_FEATURE (EFRAMEWORK_SIGNER_NEEDED is also 1).
      'Move abort in 0x1::features: EINVALID_FEATURE(0x50001): ',
    );
  });

  it('the framework stages flags for the next epoch and on_new_epoch applies them', () => {
    const world = new VmWorld(ME);
    world.modules.set(`${ME}::flags`, flagsModule());
    world.state.set(KEY, features('0x02'));
    const u64s = (...xs: number[]) =>
      Uint8Array.from([xs.length, ...xs.flatMap((x) => [x, 0, 0, 0, 0, 0, 0, 0])]);
    const writes = world.call('flags', 'next', [u64s(9), u64s(1)], { signers: [ONE] });
    expect(writes.get(resourceKey(ONE, '0x1::features::PendingFeatures'))).toMatchObject({
      data: { features: '0x0002' },
    });
    // Not yet effective.
    expect(world.view('flags', 'on', ['9'])).toEqual([false]);
    expect(world.view('flags', 'on', ['1'])).toEqual([true]);
    expect(failure(() => world.call('flags', 'epoch', []))).toContain('(0x50001)');
    const applied = world.call('flags', 'epoch', [], { signers: [ONE] });
    expect(applied.get(resourceKey(ONE, '0x1::features::PendingFeatures'))).toBeNull();
    expect(world.view('flags', 'on', ['9'])).toEqual([true]);
    expect(world.view('flags', 'on', ['1'])).toEqual([false]);
  });
});
