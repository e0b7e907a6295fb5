import { describe, expect, it } from 'vitest';
import type { Json, LongAddress } from '../../../localnet/encoding.ts';
import { GasMeter, OutOfGas } from '../../../localnet/executor/gas.ts';
import type { NativeContext } from '../../../localnet/framework/context.ts';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { gasCounterOf } from '../../../localnet/executor/bytecode.ts';
import { bytecodeModule, runEntry, runScript, runView } from '../../../localnet/move/vm/index.ts';
import type { StateKey, StateValue } from '../../../localnet/storage/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';

const ME = `0x${'ab'.repeat(32)}` as LongAddress;
const ALICE = `0x${'a1'.repeat(32)}` as LongAddress;

/** A chain in a Map: what a transaction's session would read and write. */
class World {
  state = new Map<StateKey, StateValue>();
  modules = new Map<string, CompiledModule>();
  events: Array<{ type: string; data: { [field: string]: Json } }> = [];

  publish(module: CompiledModule, address: LongAddress, name: string): void {
    this.modules.set(`${address}::${name}`, module);
  }

  context(signers: LongAddress[], meter: GasMeter): NativeContext {
    const writes = new Map<StateKey, StateValue | null>();
    const ctx: NativeContext & { commit(): void } = {
      signers,
      timestampMicros: 1_000_000n,
      chainId: 4,
      get: (k) => {
        const written = writes.get(k);
        return written !== undefined ? written : (this.state.get(k) ?? null);
      },
      write: (k, v) => void writes.set(k, v),
      emit: (type, data) => void this.events.push({ type, data }),
      charge: (internal) => meter.chargeExecution(internal),
      commit: () => {
        for (const [k, v] of writes) {
          if (v === null) this.state.delete(k);
          else this.state.set(k, v);
        }
      },
    };
    return ctx;
  }

  call(
    module: string,
    fn: string,
    signers: LongAddress[],
    args: Uint8Array[] = [],
    typeArgs: string[] = [],
    maxGas = 100_000n,
  ) {
    const meter = new GasMeter(maxGas, 0);
    const ctx = this.context(signers, meter) as NativeContext & { commit(): void };
    const store = { module: (a: LongAddress, n: string) => this.modules.get(`${a}::${n}`) ?? null };
    const loaded = bytecodeModule(store, ctx, ME, module);
    if (loaded === null) throw new Error('no module');
    runEntry(
      {
        ctx,
        store,
        meter: gasCounterOf(meter),
        seed: new Uint8Array(32),
        framework: FRAMEWORK_LINK,
      },
      loaded,
      fn,
      typeArgs,
      args,
    );
    ctx.commit();
    return meter;
  }

  view(module: string, fn: string, args: Json[], typeArgs: string[] = []): Json[] {
    const meter = new GasMeter(2_000_000n, 0);
    const ctx = this.context([], meter);
    const store = { module: (a: LongAddress, n: string) => this.modules.get(`${a}::${n}`) ?? null };
    const loaded = bytecodeModule(store, ctx, ME, module);
    if (loaded === null) throw new Error('no module');
    return runView(
      {
        ctx,
        store,
        meter: gasCounterOf(meter),
        seed: new Uint8Array(32),
        framework: FRAMEWORK_LINK,
      },
      loaded,
      fn,
      typeArgs,
      { json: args },
    );
  }
}

const u64 = (n: bigint) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
};
const addressArg = (a: LongAddress) => Uint8Array.from(Buffer.from(a.slice(2), 'hex'));

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof MoveAbort) return error.vmStatus;
    if (error instanceof VmStatusError) return error.status;
    if (error instanceof OutOfGas) return 'OUT_OF_GAS';
    throw error;
  }
  throw new Error('expected a failure');
}

/** `module counter { struct Counter has key { value: u64 } … }` */
function counterModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'counter');
  const counter = b.struct('Counter', 8, [['value', S.u64]]);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const value = b.field(counter.def, 0);
  b.error(1n, 'E_TOO_BIG', 'The counter may not pass 3');
  b.fn('init', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdU64', value: 0n },
      { op: 'Pack', def: counter.def },
      { op: 'MoveTo', def: counter.def },
      { op: 'Ret' },
    ],
  });
  // bump: let c = borrow_global_mut<Counter>(address_of(s)); c.value = c.value + 1;
  //       if (c.value > 3) abort error::invalid_argument(E_TOO_BIG)
  b.fn('bump', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [S.mut(S.struct(counter.handle))],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'MutBorrowGlobal', def: counter.def },
      { op: 'StLoc', local: 1 },
      { op: 'CopyLoc', local: 1 },
      { op: 'ImmBorrowField', field: value },
      { op: 'ReadRef' },
      { op: 'LdU64', value: 1n },
      { op: 'Add' },
      { op: 'CopyLoc', local: 1 },
      { op: 'MutBorrowField', field: value },
      { op: 'WriteRef' },
      { op: 'MoveLoc', local: 1 },
      { op: 'ImmBorrowField', field: value },
      { op: 'ReadRef' },
      { op: 'LdU64', value: 3n },
      { op: 'Gt' },
      { op: 'BrFalse', offset: 20 },
      { op: 'LdU64', value: 0x10001n },
      { op: 'Abort' },
      { op: 'Ret' },
    ],
  });
  b.fn('get', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: counter.def },
      { op: 'ImmBorrowField', field: value },
      { op: 'ReadRef' },
      { op: 'Ret' },
    ],
  });
  b.fn('exists_at', {
    view: true,
    params: [S.address],
    returns: [S.bool],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Exists', def: counter.def }, { op: 'Ret' }],
  });
  return b.build();
}

describe('Move VM: a counter with a resource', () => {
  it('moves the resource to the signer, bumps it, and a view reads it', () => {
    const world = new World();
    world.publish(counterModule(), ME, 'counter');
    world.call('counter', 'init', [ALICE]);
    const key = `r|${ALICE}|${'0x' + 'ab'.repeat(32)}::counter::Counter`;
    expect(world.state.get(key)).toMatchObject({ kind: 'resource', data: { value: '0' } });
    world.call('counter', 'bump', [ALICE]);
    world.call('counter', 'bump', [ALICE]);
    expect(world.state.get(key)).toMatchObject({ data: { value: '2' } });
    expect(world.view('counter', 'get', [ALICE])).toEqual(['2']);
    expect(world.view('counter', 'exists_at', [ME])).toEqual([false]);
  });

  it('refuses a second move_to and a borrow of nothing with the real statuses', () => {
    const world = new World();
    world.publish(counterModule(), ME, 'counter');
    world.call('counter', 'init', [ALICE]);
    expect(failure(() => world.call('counter', 'init', [ALICE]))).toBe('RESOURCE_ALREADY_EXISTS');
    expect(failure(() => world.call('counter', 'bump', [ME]))).toBe('MISSING_DATA');
    expect(failure(() => world.view('counter', 'get', [ME]))).toBe('MISSING_DATA');
  });

  it('names an abort from the module error map', () => {
    const world = new World();
    world.publish(counterModule(), ME, 'counter');
    world.call('counter', 'init', [ALICE]);
    for (let i = 0; i < 3; i += 1) world.call('counter', 'bump', [ALICE]);
    expect(failure(() => world.call('counter', 'bump', [ALICE]))).toBe(
      `Move abort in 0x${'ab'.repeat(32)}::counter: E_TOO_BIG(0x10001): The counter may not pass 3`,
    );
  });
});

/** Arithmetic, casts, shifts, vectors and an endless loop, each an entry function. */
function mathModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'math');
  const entry = (name: string, code: Bytecode[], locals: SignatureToken[] = []) =>
    b.fn(name, { entry: true, code: [...code, { op: 'Ret' }], locals });
  entry('u8_overflow', [
    { op: 'LdU8', value: 255 },
    { op: 'LdU8', value: 1 },
    { op: 'Add' },
    { op: 'Pop' },
  ]);
  entry('u64_underflow', [
    { op: 'LdU64', value: 0n },
    { op: 'LdU64', value: 1n },
    { op: 'Sub' },
    { op: 'Pop' },
  ]);
  entry('u64_overflow', [
    { op: 'LdU64', value: (1n << 64n) - 1n },
    { op: 'LdU64', value: 2n },
    { op: 'Mul' },
    { op: 'Pop' },
  ]);
  entry('div_zero', [
    { op: 'LdU32', value: 7 },
    { op: 'LdU32', value: 0 },
    { op: 'Div' },
    { op: 'Pop' },
  ]);
  entry('bad_shift', [
    { op: 'LdU64', value: 1n },
    { op: 'LdU8', value: 64 },
    { op: 'Shl' },
    { op: 'Pop' },
  ]);
  entry('bad_cast', [{ op: 'LdU64', value: 256n }, { op: 'CastU8' }, { op: 'Pop' }]);
  entry(
    'vector_oob',
    [
      { op: 'LdU64', value: 1n },
      { op: 'LdU64', value: 2n },
      { op: 'VecPack', sig: b.sig([S.u64]), count: 2n },
      { op: 'StLoc', local: 0 },
      { op: 'ImmBorrowLoc', local: 0 },
      { op: 'LdU64', value: 2n },
      { op: 'VecImmBorrow', sig: b.sig([S.u64]) },
      { op: 'Pop' },
    ],
    [S.vec(S.u64)],
  );
  entry('spin', [{ op: 'Branch', offset: 0 }]);
  // ok: (200u8 as u64) << 56 >> 56 == 200, and 0xff ^ 0x0f == 0xf0
  entry('ok', [
    { op: 'LdU8', value: 200 },
    { op: 'CastU64' },
    { op: 'LdU8', value: 56 },
    { op: 'Shl' },
    { op: 'LdU8', value: 56 },
    { op: 'Shr' },
    { op: 'LdU64', value: 200n },
    { op: 'Eq' },
    { op: 'BrTrue', offset: 10 },
    { op: 'Branch', offset: 0 },
    { op: 'LdU8', value: 0xff },
    { op: 'LdU8', value: 0x0f },
    { op: 'Xor' },
    { op: 'LdU8', value: 0xf0 },
    { op: 'Neq' },
    { op: 'BrFalse', offset: 18 },
    { op: 'LdU64', value: 9n },
    { op: 'Abort' },
  ]);
  return b.build();
}

describe('Move VM: arithmetic, vectors and gas', () => {
  const world = new World();
  world.publish(mathModule(), ME, 'math');

  it.each([
    ['u8_overflow', 'ARITHMETIC_ERROR'],
    ['u64_underflow', 'ARITHMETIC_ERROR'],
    ['u64_overflow', 'ARITHMETIC_ERROR'],
    ['div_zero', 'ARITHMETIC_ERROR'],
    ['bad_shift', 'ARITHMETIC_ERROR'],
    ['bad_cast', 'ARITHMETIC_ERROR'],
    ['vector_oob', 'VECTOR_OPERATION_ERROR'],
  ])('%s fails with %s', (fn, status) => {
    expect(failure(() => world.call('math', fn, []))).toBe(status);
  });

  it('computes shifts, casts and xor correctly', () => {
    const meter = world.call('math', 'ok', []);
    expect(meter.execution).toBeGreaterThan(0);
  });

  it('runs out of gas in an endless loop, near the budget', () => {
    expect(failure(() => world.call('math', 'spin', [], [], [], 50n))).toBe('OUT_OF_GAS');
  });
});

/** Generics: `struct Box<T> has key { v: T }`, `fun wrap<T>(x: T): Box<T>`, move_to<Box<u64>>. */
function genericModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'generic');
  const box = b.struct('Box', 8 | 4, [['v', S.param(0)]], 1);
  const wrap = b.fn('wrap', {
    typeParams: 1,
    params: [S.param(0)],
    returns: [S.struct(box.handle, [S.param(0)])],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'PackGeneric', def: b.structInst(box.def, [S.param(0)]) },
      { op: 'Ret' },
    ],
  });
  b.fn('store', {
    entry: true,
    typeParams: 1,
    params: [S.ref(S.signer), S.param(0)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: b.fnInst(wrap, [S.param(0)]) },
      { op: 'MoveToGeneric', def: b.structInst(box.def, [S.param(0)]) },
      { op: 'Ret' },
    ],
  });
  b.fn('peek', {
    view: true,
    typeParams: 1,
    params: [S.address],
    returns: [S.param(0)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobalGeneric', def: b.structInst(box.def, [S.param(0)]) },
      { op: 'ImmBorrowFieldGeneric', field: b.fieldInst(box.def, 0, [S.param(0)]) },
      { op: 'ReadRef' },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

describe('Move VM: generics', () => {
  it('instantiates a generic struct per type argument', () => {
    const world = new World();
    world.publish(genericModule(), ME, 'generic');
    world.call('generic', 'store', [ALICE], [u64(42n)], ['u64']);
    world.call('generic', 'store', [ALICE], [addressArg(ME)], ['address']);
    const prefix = `r|${ALICE}|0x${'ab'.repeat(32)}::generic::Box`;
    expect(world.state.get(`${prefix}<u64>`)).toMatchObject({ data: { v: '42' } });
    expect(world.state.get(`${prefix}<address>`)).toMatchObject({ data: { v: ME } });
    expect(world.view('generic', 'peek', [ALICE], ['u64'])).toEqual(['42']);
    expect(failure(() => world.view('generic', 'peek', [ALICE], ['u8']))).toBe('MISSING_DATA');
  });
});

/** A table in a resource, and an event per insert. */
function tableModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'book');
  const table = b.foreignStruct('0x1', 'table', 'Table', 4, 2);
  const tableTy = S.struct(table, [S.u64, S.address]);
  const book = b.struct('Book', 8, [['entries', tableTy]]);
  const added = b.struct('Added', 2 | 4, [
    ['key', S.u64],
    ['who', S.address],
  ]);
  const newTable = b.use('0x1', 'table', 'new', [], [S.struct(table, [S.param(0), S.param(1)])], 2);
  const add = b.use(
    '0x1',
    'table',
    'add',
    [S.mut(S.struct(table, [S.param(0), S.param(1)])), S.param(0), S.param(1)],
    [],
    2,
  );
  const borrow = b.use(
    '0x1',
    'table',
    'borrow',
    [S.ref(S.struct(table, [S.param(0), S.param(1)])), S.param(0)],
    [S.ref(S.param(1))],
    2,
  );
  const emit = b.use('0x1', 'event', 'emit', [S.param(0)], [], 1);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const entries = b.field(book.def, 0);
  b.fn('init', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'CallGeneric', fn: b.fnInst(newTable, [S.u64, S.address]) },
      { op: 'Pack', def: book.def },
      { op: 'MoveTo', def: book.def },
      { op: 'Ret' },
    ],
  });
  b.fn('put', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'MutBorrowGlobal', def: book.def },
      { op: 'MutBorrowField', field: entries },
      { op: 'CopyLoc', local: 1 },
      { op: 'CopyLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'CallGeneric', fn: b.fnInst(add, [S.u64, S.address]) },
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'Pack', def: added.def },
      { op: 'CallGeneric', fn: b.fnInst(emit, [S.struct(added.handle)]) },
      { op: 'Ret' },
    ],
  });
  b.fn('who', {
    view: true,
    params: [S.address, S.u64],
    returns: [S.address],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: book.def },
      { op: 'ImmBorrowField', field: entries },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: b.fnInst(borrow, [S.u64, S.address]) },
      { op: 'ReadRef' },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

describe('Move VM: tables and events', () => {
  it('adds table items, emits module events, and a view borrows an item', () => {
    const world = new World();
    world.publish(tableModule(), ME, 'book');
    world.call('book', 'init', [ALICE]);
    world.call('book', 'put', [ALICE], [u64(7n)]);
    const items = [...world.state.values()].filter((v) => v.kind === 'table_item');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      keyType: 'u64',
      valueType: 'address',
      decodedKey: '7',
      decodedValue: ALICE,
    });
    expect(world.events).toEqual([
      { type: `0x${'ab'.repeat(32)}::book::Added`, data: { key: '7', who: ALICE } },
    ]);
    expect(world.view('book', 'who', [ALICE, '7'])).toEqual([ALICE]);
    expect(failure(() => world.call('book', 'put', [ALICE], [u64(7n)]))).toBe(
      'Move abort in 0x1::table: 0x6400',
    );
    expect(failure(() => world.view('book', 'who', [ALICE, '8']))).toBe(
      'Move abort in 0x1::table: 0x6500',
    );
  });
});

/** Enums (v7): `enum Shape { Circle { r: u64 }, Square { side: u64 } }` in a resource. */
function shapeModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'shape');
  const shape = b.enum('Shape', 1 | 2 | 4, [
    ['Circle', [['r', S.u64]]],
    ['Square', [['side', S.u64]]],
  ]);
  const holder = b.struct('Holder', 8, [['shape', S.struct(shape.handle)]]);
  const circle = b.variant(shape.def, 0);
  const square = b.variant(shape.def, 1);
  const max = b.use('0x1', 'math64', 'max', [S.u64, S.u64], [S.u64]);
  // area(s): if (s is Circle) { let Circle { r } = s; 3 * r * r } else { let Square { side } = s; side * side }
  const area = b.fn('area', {
    params: [S.struct(shape.handle)],
    returns: [S.u64],
    locals: [S.u64],
    code: [
      { op: 'ImmBorrowLoc', local: 0 },
      { op: 'TestVariant', variant: circle },
      { op: 'BrFalse', offset: 12 },
      { op: 'MoveLoc', local: 0 },
      { op: 'UnpackVariant', variant: circle },
      { op: 'StLoc', local: 1 },
      { op: 'LdU64', value: 3n },
      { op: 'CopyLoc', local: 1 },
      { op: 'Mul' },
      { op: 'MoveLoc', local: 1 },
      { op: 'Mul' },
      { op: 'Ret' },
      { op: 'MoveLoc', local: 0 },
      { op: 'UnpackVariant', variant: square },
      { op: 'StLoc', local: 1 },
      { op: 'CopyLoc', local: 1 },
      { op: 'MoveLoc', local: 1 },
      { op: 'Mul' },
      { op: 'Ret' },
    ],
  });
  const holderShape = b.field(holder.def, 0);
  b.fn('area_at', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: holder.def },
      { op: 'ImmBorrowField', field: holderShape },
      { op: 'ReadRef' },
      { op: 'Call', fn: area },
      { op: 'Ret' },
    ],
  });
  // keep(s, size, round): let shape = if (round) Circle { r: size } else Square { side: size };
  //   move_to(s, Holder { shape })  (the stack is empty at every block boundary, as compiled)
  b.fn('keep', {
    entry: true,
    params: [S.ref(S.signer), S.u64, S.bool],
    locals: [S.struct(shape.handle)],
    code: [
      { op: 'MoveLoc', local: 2 },
      { op: 'BrTrue', offset: 6 },
      { op: 'CopyLoc', local: 1 },
      { op: 'PackVariant', variant: square },
      { op: 'StLoc', local: 3 },
      { op: 'Branch', offset: 9 },
      { op: 'CopyLoc', local: 1 },
      { op: 'PackVariant', variant: circle },
      { op: 'StLoc', local: 3 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 3 },
      { op: 'Pack', def: holder.def },
      { op: 'MoveTo', def: holder.def },
      { op: 'Ret' },
    ],
  });
  b.fn('radius', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: holder.def },
      { op: 'ImmBorrowField', field: holderShape },
      { op: 'ImmBorrowVariantField', field: b.variantField(shape.def, [0], 0) },
      { op: 'ReadRef' },
      { op: 'LdU64', value: 1n },
      { op: 'Call', fn: max },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

describe('Move VM: enums', () => {
  it('packs variants into a resource, renders them with __variant__, and borrows a variant field', () => {
    const world = new World();
    world.publish(shapeModule(), ME, 'shape');
    world.call('shape', 'keep', [ALICE], [u64(5n), Uint8Array.of(1)]);
    world.call('shape', 'keep', [ME], [u64(4n), Uint8Array.of(0)]);
    const key = (a: LongAddress) => `r|${a}|0x${'ab'.repeat(32)}::shape::Holder`;
    expect(world.state.get(key(ALICE))).toMatchObject({
      data: { shape: { __variant__: 'Circle', r: '5' } },
    });
    expect(world.state.get(key(ME))).toMatchObject({
      data: { shape: { __variant__: 'Square', side: '4' } },
    });
    expect(world.view('shape', 'radius', [ALICE])).toEqual(['5']);
    expect(failure(() => world.view('shape', 'radius', [ME]))).toBe('STRUCT_VARIANT_MISMATCH');
    expect(world.view('shape', 'area_at', [ALICE])).toEqual(['75']);
    expect(world.view('shape', 'area_at', [ME])).toEqual(['16']);
  });
});

describe('Move VM: scripts', () => {
  it('runs a script with its signer and arguments, and prints its own abort as a node does', () => {
    const world = new World();
    world.publish(counterModule(), ME, 'counter');
    const script = (code: Bytecode[]) => ({
      kind: 'script' as const,
      version: 7,
      moduleHandles: [{ address: 0, name: 0 }],
      structHandles: [],
      functionHandles: [
        {
          module: 0,
          name: 1,
          parameters: 1,
          returns: 0,
          typeParameters: [],
          accessSpecifiers: null,
          attributes: [],
        },
      ],
      functionInstantiations: [],
      signatures: [[], [S.ref(S.signer)], [S.ref(S.signer), S.u64]],
      identifiers: ['counter', 'init'],
      addressIdentifiers: [ME],
      constantPool: [],
      metadata: [],
      typeParameters: [],
      parameters: 2,
      accessSpecifiers: null,
      code: { locals: 0, code },
    });
    const meter = new GasMeter(10_000n, 0);
    const ctx = world.context([ALICE], meter) as NativeContext & { commit(): void };
    const store = {
      module: (a: LongAddress, n: string) => world.modules.get(`${a}::${n}`) ?? null,
    };
    const call = {
      ctx,
      store,
      meter: gasCounterOf(meter),
      seed: new Uint8Array(32),
      framework: FRAMEWORK_LINK,
    };
    runScript(
      call,
      script([{ op: 'MoveLoc', local: 0 }, { op: 'Call', fn: 0 }, { op: 'Ret' }]),
      [],
      [u64(1n)],
    );
    ctx.commit();
    expect(world.view('counter', 'exists_at', [ALICE])).toEqual([true]);
    expect(
      failure(() =>
        runScript(call, script([{ op: 'LdU64', value: 5n }, { op: 'Abort' }]), [], [u64(1n)]),
      ),
    ).toBe('Move abort: code 0x5');
  });
});
