import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Json, LongAddress } from '../../../localnet/encoding.ts';
import { GasMeter } from '../../../localnet/executor/gas.ts';
import type { NativeContext } from '../../../localnet/framework/context.ts';
import { MoveAbort } from '../../../localnet/framework/context.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import { gasCounterOf } from '../../../localnet/executor/bytecode.ts';
import { bytecodeModule, runEntry, runInit, runView } from '../../../localnet/move/vm/index.ts';
import type { StateKey, StateValue } from '../../../localnet/storage/types.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';

/**
 * Real compiled bytecode: the ts-sdk 5.2.1 e2e suite's `tx_args_module` (its `init_module`
 * creates three objects with `object::create_object`, `generate_signer` and `move_to`; its views
 * return every argument type), run by the interpreter as the SDK's tests call it.
 */
const fixtures = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as {
  publisher: LongAddress;
  binaries: Array<{ name: string; hex: string }>;
};
const P = fixtures.publisher;
const txArgs = readModule(fixtures.binaries.find((b) => b.name === 'helper.ts#2')?.hex ?? '');
const store = {
  module: (a: LongAddress, n: string) => (a === P && n === 'tx_args_module' ? txArgs : null),
};

function chain() {
  const state = new Map<StateKey, StateValue>();
  const run = <T>(signers: LongAddress[], body: (call: Parameters<typeof runInit>[0]) => T): T => {
    const meter = new GasMeter(2_000_000n, 0);
    const ctx: NativeContext = {
      signers,
      timestampMicros: 0n,
      chainId: 4,
      get: (k) => state.get(k) ?? null,
      write: (k, v) => {
        if (v === null) state.delete(k);
        else state.set(k, v);
      },
      emit: () => undefined,
      charge: (internal) => meter.chargeExecution(internal),
    };
    return body({
      ctx,
      store,
      meter: gasCounterOf(meter),
      seed: new Uint8Array(32),
      framework: FRAMEWORK_LINK,
    });
  };
  const module = run([], (call) => bytecodeModule(store, call.ctx, P, 'tx_args_module'));
  if (module === null) throw new Error('tx_args_module did not load');
  run([P], (call) => runInit(call, module, P));
  const view = (fn: string, args: Json[] = []) =>
    run([], (call) => runView(call, module, fn, [], { json: args }));
  return { state, view, module, run };
}

describe('Move VM: the ts-sdk e2e module tx_args_module', () => {
  it('init_module creates three objects, each holding an EmptyResource', () => {
    const { state, view } = chain();
    const addresses = view('get_test_object_addresses') as string[];
    expect(addresses).toHaveLength(3);
    for (const address of addresses) {
      expect(state.get(`r|${address}|0x1::object::ObjectCore`)).toMatchObject({
        data: { owner: P },
      });
      expect(state.get(`r|${address}|${P}::tx_args_module::EmptyResource`)).toMatchObject({
        data: { dummy_field: false },
      });
    }
    expect(state.get(`r|${P}|${P}::tx_args_module::SetupData`)?.kind).toBe('resource');
  });

  it('returns every argument type from view_all_arguments as a node renders it', () => {
    const { view } = chain();
    const [object] = view('get_test_object_addresses') as string[];
    const inner = { inner: object ?? '' };
    const args: Json[] = [
      true,
      1,
      2,
      3,
      '4',
      '5',
      '6',
      '0x1',
      'expected_string',
      object ?? '',
      '0x0102',
      [true, false],
      '0x0102',
      [1, 2],
      [3, 4],
      ['5'],
      ['6'],
      ['7'],
      ['0x1'],
      ['a', 'b'],
      [object ?? ''],
      { vec: [1] },
      { vec: [true] },
      { vec: [] },
      { vec: [2] },
      { vec: [3] },
      { vec: ['4'] },
      { vec: ['5'] },
      { vec: ['6'] },
      { vec: ['0x1'] },
      { vec: ['s'] },
      { vec: [object ?? ''] },
    ];
    const results = view('view_all_arguments', args);
    expect(results.slice(0, 11)).toEqual([
      true,
      1,
      2,
      3,
      '4',
      '5',
      '6',
      '0x1',
      'expected_string',
      inner,
      '0x0102',
    ]);
    expect(results[20]).toEqual([inner]);
    expect(results[21]).toEqual({ vec: '0x01' });
    expect(results[31]).toEqual({ vec: [inner] });
    expect(view('get_expected_vector_string')).toEqual([
      ['expected_string', 'abc', 'def', '123', '456', '789'],
    ]);
  });

  it('aborts assert_values_for_script-style checks with the module location', () => {
    const { module, run } = chain();
    // complex_arguments asserts its (empty) inputs against expected values: wrong ones abort.
    const empty = Uint8Array.of(0);
    let status = '';
    try {
      run([P], (call) =>
        runEntry(call, module, 'complex_arguments', [], [empty, empty, empty, empty]),
      );
    } catch (error) {
      if (!(error instanceof MoveAbort)) throw error;
      status = error.vmStatus;
    }
    expect(status).toMatch(new RegExp(`^Move abort in ${P}::tx_args_module: 0x`));
  });
});
