/**
 * Move function values (bytecode v8 closures) on the embedded chain's interpreter: modules built
 * with the test serializer, written and read back by the project's binary writer and reader, then
 * run as a transaction's session would (a chain in a Map), and checked by the verifier.
 */
import { createHash } from 'node:crypto';
import { Account, parseTypeTag, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { shortAddress } from '../../../localnet/encoding.ts';
import { VmStatusError } from '../../../localnet/framework/context.ts';
import { moduleAbi } from '../../../localnet/move/abi.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { checkPackage } from '../../../localnet/executor/bytecode.ts';
import { setModuleSource } from '../../../localnet/move/vm/moduleSource.ts';
import { startChain, type Chain } from '../helpers.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { failure, VmWorld } from './vmWorld.ts';

const ME = `0x${'ab'.repeat(32)}` as LongAddress;
const ALICE = `0x${'a1'.repeat(32)}` as LongAddress;

/** Abilities: copy 1, drop 2, store 4. */
const fnTy = (args: SignatureToken[], results: SignatureToken[], abilities: number) =>
  ({ kind: 'Function', args, results, abilities }) as const satisfies SignatureToken;
const ADDER = fnTy([S.u64], [S.u64], 7);

/** As the compiler emits v8: version 8, public functions' handles marked `Persistent`. */
function v8(m: CompiledModule, persistent: string[]): CompiledModule {
  const module: CompiledModule = {
    ...m,
    version: 8,
    functionHandles: m.functionHandles.map((h) =>
      h.module === m.selfModuleHandleIdx && persistent.includes(m.identifiers[h.name] as string)
        ? { ...h, attributes: ['Persistent'] }
        : h,
    ),
  };
  // Through the project's writer and reader, as publishing would see it.
  return readModule(writeModule(module));
}

/** `module other { public fun twice(f: |u64|u64 has copy+drop, x): u64; public fun fail(x): u64 }` */
function otherModule(at: LongAddress = ME): CompiledModule {
  const b = new ModuleBuilder(at, 'other');
  b.error(2n, 'E_BAD', 'Always refused');
  const sigAdder = b.sig([fnTy([S.u64], [S.u64], 3)]);
  b.fn('twice', {
    params: [fnTy([S.u64], [S.u64], 3), S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'CopyLoc', local: 0 },
      { op: 'CallClosure', sig: sigAdder },
      { op: 'MoveLoc', local: 0 },
      { op: 'CallClosure', sig: sigAdder },
      { op: 'Ret' },
    ],
  });
  b.fn('fail', {
    params: [S.u64],
    returns: [S.u64],
    code: [{ op: 'LdU64', value: 0x10002n }, { op: 'Abort' }],
  });
  // A private function, handed out as a closure (copy + drop only, not persistent).
  const secret = b.fn('secret', {
    visibility: 'private',
    params: [S.u64],
    returns: [S.u64],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'LdU64', value: 2n }, { op: 'Mul' }, { op: 'Ret' }],
  });
  b.fn('make_secret', {
    returns: [fnTy([S.u64], [S.u64], 3)],
    code: [{ op: 'PackClosure', fn: secret, mask: 0n }, { op: 'Ret' }],
  });
  return v8(b.build(), ['twice', 'fail', 'make_secret']);
}

/** The module under test: adders, a generic closure, a stored closure, equality, BCS. */
function closModule(at: LongAddress = ME): CompiledModule {
  const b = new ModuleBuilder(at, 'clos');
  const holder = b.struct('Holder', 8, [['f', ADDER]]);
  const holderF = b.field(holder.def, 0);
  const add = b.fn('add', {
    params: [S.u64, S.u64],
    returns: [S.u64],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'MoveLoc', local: 1 }, { op: 'Add' }, { op: 'Ret' }],
  });
  // digits(a, b, c) = a * 100 + b * 10 + c: shows which argument lands where.
  const digits = b.fn('digits', {
    visibility: 'private',
    params: [S.u64, S.u64, S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdU64', value: 100n },
      { op: 'Mul' },
      { op: 'MoveLoc', local: 1 },
      { op: 'LdU64', value: 10n },
      { op: 'Mul' },
      { op: 'Add' },
      { op: 'MoveLoc', local: 2 },
      { op: 'Add' },
      { op: 'Ret' },
    ],
  });
  const id = b.fn('id', {
    typeParams: 1,
    params: [S.param(0)],
    returns: [S.param(0)],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Ret' }],
  });
  const makeAdder = b.fn('make_adder', {
    params: [S.u64],
    returns: [ADDER],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'PackClosure', fn: add, mask: 0b1n }, { op: 'Ret' }],
  });
  const sigAdder = b.sig([fnTy([S.u64], [S.u64], 3)]);
  b.fn('adder_apply', {
    view: true,
    params: [S.u64, S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: makeAdder },
      { op: 'CallClosure', sig: sigAdder },
      { op: 'Ret' },
    ],
  });
  // |b| digits(a, b, c): mask 0b101 captures the first and the third parameter.
  b.fn('digits_apply', {
    view: true,
    params: [S.u64, S.u64, S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 2 },
      { op: 'PackClosure', fn: digits, mask: 0b101n },
      { op: 'CallClosure', sig: b.sig([fnTy([S.u64], [S.u64], 3)]) },
      { op: 'Ret' },
    ],
  });
  // A generic closure inside a generic function: || id<T>(x).
  const idT = b.fnInst(id, [S.param(0)]);
  b.fn('gen_call', {
    view: true,
    typeParams: 1,
    params: [S.param(0)],
    returns: [S.param(0)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'PackClosureGeneric', fn: idT, mask: 0b1n },
      { op: 'CallClosure', sig: b.sig([fnTy([], [S.param(0)], 0)]) },
      { op: 'Ret' },
    ],
  });
  // A closure handed to another module's function: other::twice(|v| add(x, v), v).
  const twice = b.use(at, 'other', 'twice', [fnTy([S.u64], [S.u64], 3), S.u64], [S.u64]);
  b.fn('twice_adder', {
    view: true,
    params: [S.u64, S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: makeAdder },
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: twice },
      { op: 'Ret' },
    ],
  });
  // Calls another module's private function through the closure it handed out.
  const makeSecret = b.use(at, 'other', 'make_secret', [], [fnTy([S.u64], [S.u64], 3)]);
  b.fn('call_secret', {
    view: true,
    params: [S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: makeSecret },
      { op: 'CallClosure', sig: sigAdder },
      { op: 'Ret' },
    ],
  });
  // A closure over another module's function that aborts.
  const fail = b.use(at, 'other', 'fail', [S.u64], [S.u64]);
  b.fn('call_fail', {
    view: true,
    params: [S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'PackClosure', fn: fail, mask: 0b1n },
      { op: 'CallClosure', sig: b.sig([fnTy([], [S.u64], 3)]) },
      { op: 'Ret' },
    ],
  });
  // A closure over a framework native: || hash::sha2_256(data).
  const sha = b.use('0x1', 'hash', 'sha2_256', [S.vec(S.u8)], [S.vec(S.u8)]);
  b.fn('hash_later', {
    view: true,
    params: [S.vec(S.u8)],
    returns: [S.vec(S.u8)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'PackClosure', fn: sha, mask: 0b1n },
      { op: 'CallClosure', sig: b.sig([fnTy([], [S.vec(S.u8)], 3)]) },
      { op: 'Ret' },
    ],
  });
  // Stored in a resource, called in a later transaction.
  b.fn('store', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: makeAdder },
      { op: 'Pack', def: holder.def },
      { op: 'MoveTo', def: holder.def },
      { op: 'Ret' },
    ],
  });
  b.fn('call_stored', {
    view: true,
    acquires: [holder.def],
    params: [S.address, S.u64],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: holder.def },
      { op: 'ImmBorrowField', field: holderF },
      { op: 'ReadRef' },
      { op: 'CallClosure', sig: sigAdder },
      { op: 'Ret' },
    ],
  });
  // make_adder(a) == make_adder(b)
  b.fn('same_adder', {
    view: true,
    params: [S.u64, S.u64],
    returns: [S.bool],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: makeAdder },
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: makeAdder },
      { op: 'Eq' },
      { op: 'Ret' },
    ],
  });
  // bcs::to_bytes(&make_adder(x))
  const toBytes = b.use('0x1', 'bcs', 'to_bytes', [S.ref(S.param(0))], [S.vec(S.u8)], 1);
  b.fn('adder_bcs', {
    view: true,
    params: [S.u64],
    returns: [S.vec(S.u8)],
    locals: [ADDER],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: makeAdder },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CallGeneric', fn: b.fnInst(toBytes, [ADDER]) },
      { op: 'Ret' },
    ],
  });
  // borrow_global<Holder>(addr).f == make_adder(x)
  b.fn('stored_is', {
    view: true,
    acquires: [holder.def],
    params: [S.address, S.u64],
    returns: [S.bool],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: holder.def },
      { op: 'ImmBorrowField', field: holderF },
      { op: 'ReadRef' },
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: makeAdder },
      { op: 'Eq' },
      { op: 'Ret' },
    ],
  });
  // bcs::to_bytes(&|n| keep(s, n)): a captured struct's layout is `Runtime([vector<u8>])`.
  const stringTy = S.struct(b.foreignStruct('0x1', 'string', 'String', 7));
  const keep = b.fn('keep', {
    params: [stringTy, S.u64],
    returns: [S.u64],
    code: [{ op: 'MoveLoc', local: 1 }, { op: 'Ret' }],
  });
  const KEEP = fnTy([S.u64], [S.u64], 7);
  b.fn('keep_bcs', {
    view: true,
    params: [stringTy],
    returns: [S.vec(S.u8)],
    locals: [KEEP],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'PackClosure', fn: keep, mask: 1n },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CallGeneric', fn: b.fnInst(toBytes, [KEEP]) },
      { op: 'Ret' },
    ],
  });
  // from_bcs::from_bytes<|u64|u64>(bcs::to_bytes(&make_adder(x)))(v)
  const fromBytes = b.use('0x1', 'from_bcs', 'from_bytes', [S.vec(S.u8)], [S.param(0)], 1);
  b.fn('bcs_round_trip', {
    view: true,
    params: [S.u64, S.u64],
    returns: [S.u64],
    locals: [ADDER],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: makeAdder },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'CallGeneric', fn: b.fnInst(toBytes, [ADDER]) },
      { op: 'CallGeneric', fn: b.fnInst(fromBytes, [ADDER]) },
      { op: 'CallClosure', sig: sigAdder },
      { op: 'Ret' },
    ],
  });
  return v8(b.build(), ['add', 'id', 'make_adder', 'keep']);
}

/** A chain in a Map: what a transaction's session would read and write. */
/** The two modules at `ME`, on an empty in-memory state. */
function closWorld(): VmWorld {
  const world = new VmWorld(ME);
  world.modules.set(`${ME}::other`, otherModule());
  world.modules.set(`${ME}::clos`, closModule());
  return world;
}

const u64 = (n: bigint) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
};

describe('Move function values (closures)', () => {
  it('verifies both modules as publishing would', () => {
    expect(() => checkPackage({ get: () => null }, [otherModule(), closModule()])).not.toThrow();
  });

  it('prints function types in the ABI as a node does (|args|results)', () => {
    const abi = moduleAbi(otherModule());
    expect(abi.exposed_functions.find((f) => f.name === 'twice')?.params).toEqual([
      '|u64|u64',
      'u64',
    ]);
    const holder = moduleAbi(closModule()).structs.find((st) => st.name === 'Holder');
    expect(holder?.fields).toEqual([{ name: 'f', type: '|u64|u64' }]);
  });

  it('calls a closure capturing one argument later, with the argument in its place', () => {
    const world = closWorld();
    expect(world.view('clos', 'adder_apply', ['5', '7'])).toEqual(['12']);
    // digits(a=1, b=<call-time>, c=3) called with 2: 123, not 213 or 132.
    expect(world.view('clos', 'digits_apply', ['1', '2', '3'])).toEqual(['123']);
  });

  it('packs a generic closure with the enclosing function’s type argument', () => {
    const world = closWorld();
    expect(world.view('clos', 'gen_call', ['42'], ['u64'])).toEqual(['42']);
    expect(world.view('clos', 'gen_call', [true], ['bool'])).toEqual([true]);
    expect(world.view('clos', 'gen_call', ['hi'], ['0x1::string::String'])).toEqual(['hi']);
  });

  it('passes a closure to another module’s function, which calls it twice', () => {
    expect(closWorld().view('clos', 'twice_adder', ['5', '1'])).toEqual(['11']);
  });

  it('calls another module’s private function through a closure it handed out', () => {
    // aptos-core skips the visibility check for closure calls (`ClosureDynamicDispatch`).
    expect(closWorld().view('clos', 'call_secret', ['21'])).toEqual(['42']);
  });

  it('calls a framework native through a closure', () => {
    const expected = `0x${createHash('sha256').update(Buffer.from('abc')).digest('hex')}`;
    expect(closWorld().view('clos', 'hash_later', ['0x616263'])).toEqual([expected]);
  });

  it('stores a closure in a resource, renders it as a node does, and calls it in a later transaction', () => {
    const world = closWorld();
    world.call('clos', 'store', [u64(5n)], { signers: [ALICE] });
    const stored = world.state.get(`r|${ALICE}|${ME}::clos::Holder`);
    expect(stored).toMatchObject({
      kind: 'resource',
      data: { f: { __captured__: ['5'], __fun_name__: `${ME}::clos::add`, __mask__: '1' } },
    });
    const data = stored?.kind === 'resource' ? (stored.data as { f: object }) : { f: {} };
    expect(Object.keys(data.f)).toEqual(['__captured__', '__fun_name__', '__mask__']);
    // Read back from state, it equals a fresh closure over the same function and value.
    expect(world.view('clos', 'stored_is', [ALICE, '5'])).toEqual([true]);
    expect(world.view('clos', 'stored_is', [ALICE, '6'])).toEqual([false]);
    // A later transaction reads it back from state and calls it.
    expect(world.view('clos', 'call_stored', [ALICE, '30'])).toEqual(['35']);
    expect(failure(() => world.view('clos', 'call_stored', [ME, '30']))).toBe('MISSING_DATA');
  });

  it('compares closures by function and captured values', () => {
    const world = closWorld();
    expect(world.view('clos', 'same_adder', ['3', '3'])).toEqual([true]);
    expect(world.view('clos', 'same_adder', ['3', '4'])).toEqual([false]);
  });

  it('serializes a closure as aptos-core does (format 1, module, function, mask, layout, value)', () => {
    const [hex] = closWorld().view('clos', 'adder_bcs', ['5']);
    const expected = Buffer.concat([
      Buffer.from([7, 1, 0]), // 5 + 2 × 1 elements; format_version 1 (u16)
      Buffer.from('ab'.repeat(32), 'hex'),
      Buffer.from([4, ...Buffer.from('clos'), 3, ...Buffer.from('add')]),
      Buffer.from([0]), // no type arguments
      Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]), // mask
      Buffer.from([2]), // layout u64
      Buffer.from([5, 0, 0, 0, 0, 0, 0, 0]),
    ]);
    expect(hex).toBe(`0x${expected.toString('hex')}`);
  });

  it('writes a captured struct with its runtime layout (struct 6, Runtime 0, fields)', () => {
    const [hex] = closWorld().view('clos', 'keep_bcs', ['hi']);
    const expected = Buffer.concat([
      Buffer.from([7, 1, 0]),
      Buffer.from('ab'.repeat(32), 'hex'),
      Buffer.from([4, ...Buffer.from('clos'), 4, ...Buffer.from('keep')]),
      Buffer.from([0, 1, 0, 0, 0, 0, 0, 0, 0]),
      Buffer.from([6, 0, 1, 5, 1]), // struct, Runtime, 1 field: vector<u8>
      Buffer.from([2, ...Buffer.from('hi')]),
    ]);
    expect(hex).toBe(`0x${expected.toString('hex')}`);
  });

  it('reads a closure back from its BCS and calls it', () => {
    expect(closWorld().view('clos', 'bcs_round_trip', ['5', '6'])).toEqual(['11']);
  });

  it('aborts through a closure with the target module in the status', () => {
    const status = failure(() => closWorld().view('clos', 'call_fail', ['1']));
    expect(status).toContain(`${ME}::other`);
    expect(status).toContain('E_BAD');
  });
});

describe('the verifier on closures', () => {
  /** The status `checkPackage` refuses a module of one function `f` with, or `null`. */
  function verdict(
    fn: { params?: SignatureToken[]; returns?: SignatureToken[]; code: Bytecode[] },
    extend?: (b: ModuleBuilder) => Record<string, number>,
  ): string | null {
    const b = new ModuleBuilder(ME, 'm');
    const handles = extend?.(b) ?? {};
    b.fn('f', {
      ...fn,
      code: fn.code.map((instr) =>
        'fn' in instr && typeof instr.fn === 'number' && instr.fn < 0
          ? ({ ...instr, fn: handles[String(-instr.fn)] ?? 0 } as Bytecode)
          : instr,
      ),
    });
    try {
      checkPackage({ get: () => null }, [{ ...b.build(), version: 8 }]);
      return null;
    } catch (error) {
      if (error instanceof VmStatusError) return error.status;
      throw error;
    }
  }
  const sigOf = (b: ModuleBuilder, ty: SignatureToken) => b.sig([ty]);

  it('accepts a well-typed CallClosure', () => {
    let sig = 0;
    expect(
      verdict(
        {
          params: [ADDER],
          returns: [S.u64],
          code: [
            { op: 'LdU64', value: 1n },
            { op: 'MoveLoc', local: 0 },
            { op: 'CallClosure', sig: 0 },
            { op: 'Ret' },
          ],
        },
        (b) => {
          sig = sigOf(b, fnTy([S.u64], [S.u64], 3));
          return {};
        },
      ),
    ).toBeNull();
    expect(sig).toBe(0);
  });

  it('refuses a CallClosure whose signature does not match the closure or the arguments', () => {
    const call = (params: SignatureToken[], arg: Bytecode, sig: SignatureToken) =>
      verdict(
        {
          params,
          returns: [S.u64],
          code: [arg, { op: 'MoveLoc', local: 0 }, { op: 'CallClosure', sig: 0 }, { op: 'Ret' }],
        },
        (b) => {
          b.sig([sig]);
          return {};
        },
      );
    // An argument of the wrong type.
    expect(call([ADDER], { op: 'LdTrue' }, fnTy([S.u64], [S.u64], 3))).toBe(
      'CALL_TYPE_MISMATCH_ERROR',
    );
    // A closure of another type than the signature's.
    expect(call([fnTy([S.u64], [S.bool], 7)], { op: 'LdU64', value: 1n }, ADDER)).toBe(
      'CALL_TYPE_MISMATCH_ERROR',
    );
    // A closure without the abilities the signature asks for (store).
    expect(call([fnTy([S.u64], [S.u64], 3)], { op: 'LdU64', value: 1n }, ADDER)).toBe(
      'CALL_TYPE_MISMATCH_ERROR',
    );
  });

  it('refuses a PackClosure capturing a value of the wrong type', () => {
    expect(
      verdict(
        {
          returns: [fnTy([S.u64], [S.u64], 3)],
          code: [{ op: 'LdTrue' }, { op: 'PackClosure', fn: -1, mask: 1n }, { op: 'Ret' }],
        },
        (b) => ({
          1: b.fn('g', {
            params: [S.u64, S.u64],
            returns: [S.u64],
            code: [{ op: 'MoveLoc', local: 0 }, { op: 'Ret' }],
          }),
        }),
      ),
    ).toBe('PACK_TYPE_MISMATCH_ERROR');
  });

  it('gives a private function’s closure copy and drop but not store', () => {
    const pack = (returns: SignatureToken) =>
      verdict(
        {
          returns: [returns],
          code: [
            { op: 'LdU64', value: 1n },
            { op: 'PackClosure', fn: -1, mask: 1n },
            { op: 'Ret' },
          ],
        },
        (b) => ({
          1: b.fn('g', {
            visibility: 'private',
            params: [S.u64, S.u64],
            returns: [S.u64],
            code: [{ op: 'MoveLoc', local: 0 }, { op: 'Ret' }],
          }),
        }),
      );
    expect(pack(fnTy([S.u64], [S.u64], 3))).toBeNull();
    expect(pack(fnTy([S.u64], [S.u64], 7))).toBe('RET_TYPE_MISMATCH_ERROR');
  });
});

describe('function values on the running chain', () => {
  const published = new Map<string, CompiledModule>();
  let chain: Chain;

  beforeAll(async () => {
    setModuleSource((_state, address, name) => published.get(`${address}::${name}`) ?? null);
    chain = await startChain();
  });

  afterAll(async () => {
    setModuleSource(null);
    await chain.localnet.stop();
  });

  it('stores a closure by transaction, serves it over REST, and a later /view calls it', async () => {
    // An address with a leading zero: the node prints it short (`0x4e0c…`), the SDK asks in
    // AIP-40 long form (`0x04e0c…`); the resource must be found either way.
    let owner = Account.generate();
    while (!owner.accountAddress.toStringLong().startsWith('0x0')) owner = Account.generate();
    await chain.aptos.fundAccount({ accountAddress: owner.accountAddress, amount: 100_000_000 });
    const at = owner.accountAddress.toStringLong() as LongAddress;
    published.set(`${at}::other`, otherModule(at));
    published.set(`${at}::clos`, closModule(at));
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        function: `${at}::clos::store`,
        functionArguments: [7],
        abi: { typeParameters: [], parameters: [parseTypeTag('u64')] },
      },
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    const committed = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    })) as UserTransactionResponse;
    expect(committed.vm_status).toBe('Executed successfully');
    const resource = await chain.aptos.getAccountResource({
      accountAddress: owner.accountAddress,
      resourceType: `${at}::clos::Holder`,
    });
    expect(resource).toEqual({
      // Short address, as the node prints it (`short_str_lossless`).
      f: { __captured__: ['7'], __fun_name__: `${shortAddress(at)}::clos::add`, __mask__: '1' },
    });
    const short = await chain.aptos.getAccountResource({
      accountAddress: owner.accountAddress,
      resourceType: `${shortAddress(at)}::clos::Holder`,
    });
    expect(short).toEqual(resource);
    const [sum] = await chain.aptos.view<[string]>({
      payload: {
        function: `${at}::clos::call_stored`,
        functionArguments: [at, '35'],
        abi: {
          typeParameters: [],
          parameters: [parseTypeTag('address'), parseTypeTag('u64')],
          returnTypes: [parseTypeTag('u64')],
        },
      },
    });
    expect(sum).toBe('42');
  });
});
