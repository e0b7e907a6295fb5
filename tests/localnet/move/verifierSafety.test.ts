/**
 * The verifier's passes beyond types (localnet/move/verifier/, run by `checkPackage` after the
 * type pass): control flow, locals safety, reference safety over a borrow graph, `acquires`
 * lists and limits. Each refusal is checked with the node's status name and number; real
 * compiled modules (the ts-sdk's test packages, an event module, an account-abstraction
 * module) and well-formed borrows pass.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { VmStatusError } from '../../../localnet/framework/context.ts';
import type { NativeContext } from '../../../localnet/framework/context.ts';
import { readModule, readScript } from '../../../localnet/move/binary/reader.ts';
import { verifyLimits } from '../../../localnet/move/verifier/limits.ts';
import { loadScript } from '../../../localnet/move/vm/loader.ts';
import { verifyCode } from '../../../localnet/move/vm/prepare.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { checkPackage } from '../../../localnet/executor/bytecode.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

const ME = `0x${'cd'.repeat(32)}` as LongAddress;
const EMPTY_STATE = { get: () => null };
const [COPY, DROP, KEY] = [1, 2, 8];

interface Case {
  typeParams?: number;
  params?: SignatureToken[];
  returns?: SignatureToken[];
  locals?: SignatureToken[];
  code: Bytecode[];
}

/** `name number at location`, or `null` when `checkPackage` accepts the module. */
function check(module: CompiledModule): string | null {
  try {
    checkPackage(EMPTY_STATE, [module]);
    return null;
  } catch (error) {
    if (error instanceof VmStatusError) return `${error.status} ${error.code}`;
    throw error;
  }
}

/** The verdict on a module whose last function is `f` (`extend` declares structs and helpers). */
function verdict(
  fn: Case,
  extend?: (b: ModuleBuilder) => void,
  acquires?: Record<number, number[]>,
): string | null {
  const b = new ModuleBuilder(ME, 'm');
  extend?.(b);
  b.fn('f', fn);
  return check(withAcquires(b.build(), acquires));
}

/** The module with `acquires` lists set per function definition index. */
function withAcquires(m: CompiledModule, acquires?: Record<number, number[]>): CompiledModule {
  if (acquires === undefined) return m;
  return {
    ...m,
    functionDefs: m.functionDefs.map((d, i) => ({
      ...d,
      acquiresGlobalResources: acquires[i] ?? d.acquiresGlobalResources,
    })),
  };
}

/** A thrown error's message, for the location. */
function message(fn: Case, extend?: (b: ModuleBuilder) => void): string {
  const b = new ModuleBuilder(ME, 'm');
  extend?.(b);
  b.fn('f', fn);
  try {
    checkPackage(EMPTY_STATE, [b.build()]);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('control flow', () => {
  it('refuses code that falls off its end or is empty', () => {
    expect(verdict({ code: [{ op: 'LdTrue' }, { op: 'Pop' }] })).toBe('INVALID_FALL_THROUGH 1007');
    expect(message({ code: [{ op: 'LdTrue' }, { op: 'Pop' }] })).toMatch(/::m::f\+1$/);
    expect(verdict({ code: [] })).toBe('EMPTY_CODE_UNIT 1084');
    expect(verdict({ code: [{ op: 'Branch', offset: 3 }] })).toBe('INDEX_OUT_OF_BOUNDS 1001');
  });

  it('refuses a loop entered other than through its head (an irreducible graph)', () => {
    const code: Bytecode[] = [
      { op: 'CopyLoc', local: 0 },
      { op: 'BrTrue', offset: 3 },
      { op: 'Branch', offset: 3 },
      { op: 'Branch', offset: 2 },
    ];
    expect(verdict({ params: [S.bool], code })).toBe('INVALID_LOOP_SPLIT 1085');
  });

  /** `depth` loops nested in each other, each closed by `LdTrue; BrTrue head`. */
  const nested = (depth: number): Bytecode[] => {
    const code: Bytecode[] = Array.from({ length: depth }, () => ({ op: 'Nop' }) as Bytecode);
    for (let head = depth - 1; head >= 0; head -= 1)
      code.push({ op: 'LdTrue' }, { op: 'BrTrue', offset: head });
    code.push({ op: 'Ret' });
    return code;
  };

  it('allows loops nested 5 deep and refuses 6 (the production max_loop_depth)', () => {
    expect(verdict({ code: nested(5) })).toBeNull();
    expect(verdict({ code: nested(6) })).toBe('LOOP_MAX_DEPTH_REACHED 1111');
  });

  it('refuses more than 1024 basic blocks', () => {
    const blocks = (n: number): Bytecode[] => {
      const code: Bytecode[] = [];
      for (let i = 0; i < n - 1; i += 1)
        code.push({ op: 'LdTrue' }, { op: 'BrTrue', offset: 2 * i + 2 });
      code.push({ op: 'Ret' });
      return code;
    };
    expect(verdict({ code: blocks(1024) })).toBeNull();
    expect(verdict({ code: blocks(1025) })).toBe('TOO_MANY_BASIC_BLOCKS 1114');
  });
});

describe('stack usage', () => {
  it('refuses a block deeper than 1,024 values or pushing more than 10,000', () => {
    const deep = (n: number): Bytecode[] => [
      ...Array.from({ length: n }, () => ({ op: 'LdTrue' }) as Bytecode),
      ...Array.from({ length: n }, () => ({ op: 'Pop' }) as Bytecode),
      { op: 'Ret' },
    ];
    expect(verdict({ code: deep(1024) })).toBeNull();
    expect(verdict({ code: deep(1025) })).toBe('VALUE_STACK_OVERFLOW 1115');
    const pushes = (n: number): Bytecode[] => [
      ...Array.from({ length: n }, () => [{ op: 'LdTrue' }, { op: 'Pop' }] as Bytecode[]).flat(),
      { op: 'Ret' },
    ];
    expect(verdict({ code: pushes(10_000) })).toBeNull();
    expect(verdict({ code: pushes(10_001) })).toBe('VALUE_STACK_PUSH_OVERFLOW 1117');
    expect(message({ code: pushes(10_001) })).toMatch(/::m::f\+0$/);
  });
});

describe('locals safety', () => {
  const resource = (b: ModuleBuilder) => b.struct('R', 0, [['v', S.u64]]);

  it('refuses moving, copying or borrowing a local that is not surely available', () => {
    const pop: Bytecode[] = [{ op: 'Pop' }, { op: 'Ret' }];
    expect(verdict({ locals: [S.u64], code: [{ op: 'MoveLoc', local: 0 }, ...pop] })).toBe(
      'MOVELOC_UNAVAILABLE_ERROR 1040',
    );
    expect(
      verdict({
        params: [S.u64],
        code: [{ op: 'MoveLoc', local: 0 }, { op: 'Pop' }, { op: 'MoveLoc', local: 0 }, ...pop],
      }),
    ).toBe('MOVELOC_UNAVAILABLE_ERROR 1040');
    expect(verdict({ locals: [S.u64], code: [{ op: 'CopyLoc', local: 0 }, ...pop] })).toBe(
      'COPYLOC_UNAVAILABLE_ERROR 1037',
    );
    expect(verdict({ locals: [S.u64], code: [{ op: 'ImmBorrowLoc', local: 0 }, ...pop] })).toBe(
      'BORROWLOC_UNAVAILABLE_ERROR 1043',
    );
    // Assigned on one path only: maybe available where the paths join.
    const oneBranch: Case = {
      params: [S.bool],
      locals: [S.u64],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'BrFalse', offset: 4 },
        { op: 'LdU64', value: 1n },
        { op: 'StLoc', local: 1 },
        { op: 'MoveLoc', local: 1 },
        ...pop,
      ],
    };
    expect(verdict(oneBranch)).toBe('MOVELOC_UNAVAILABLE_ERROR 1040');
    expect(message(oneBranch)).toMatch(/::m::f\+4$/);
  });

  it('refuses storing over, or returning with, a value without drop', () => {
    expect(
      verdict(
        {
          params: [S.struct(0)],
          code: [
            { op: 'LdU64', value: 1n },
            { op: 'Pack', def: 0 },
            { op: 'StLoc', local: 0 },
            { op: 'Ret' },
          ],
        },
        resource,
      ),
    ).toBe('STLOC_UNSAFE_TO_DESTROY_ERROR 1028');
    expect(verdict({ params: [S.struct(0)], code: [{ op: 'Ret' }] }, resource)).toBe(
      'UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP 1088',
    );
    // Consumed: accepted; and a value with drop may stay behind.
    expect(
      verdict(
        {
          params: [S.struct(0), S.u64],
          code: [
            { op: 'MoveLoc', local: 0 },
            { op: 'Unpack', def: 0 },
            { op: 'Pop' },
            { op: 'Ret' },
          ],
        },
        resource,
      ),
    ).toBeNull();
  });
});

describe('reference safety', () => {
  const pair = (b: ModuleBuilder) => {
    b.struct('P', DROP | COPY, [
      ['a', S.u64],
      ['b', S.u64],
    ]);
    b.field(0, 0);
    b.field(0, 1);
  };

  it('refuses using a local while it is borrowed', () => {
    expect(
      verdict({
        params: [S.u64],
        code: [
          { op: 'ImmBorrowLoc', local: 0 },
          { op: 'MoveLoc', local: 0 },
          { op: 'Pop' },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ).toBe('MOVELOC_EXISTS_BORROW_ERROR 1041');
    expect(
      verdict({
        params: [S.u64],
        code: [
          { op: 'ImmBorrowLoc', local: 0 },
          { op: 'LdU64', value: 1n },
          { op: 'StLoc', local: 0 },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ).toBe('STLOC_UNSAFE_TO_DESTROY_ERROR 1028');
    expect(
      verdict({
        params: [S.u64],
        code: [
          { op: 'MutBorrowLoc', local: 0 },
          { op: 'CopyLoc', local: 0 },
          { op: 'Pop' },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ).toBe('COPYLOC_EXISTS_BORROW_ERROR 1039');
    expect(
      verdict({
        params: [S.u64],
        code: [
          { op: 'MutBorrowLoc', local: 0 },
          { op: 'ImmBorrowLoc', local: 0 },
          { op: 'Pop' },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ).toBe('BORROWLOC_EXISTS_BORROW_ERROR 1044');
    // Two immutable borrows of one local are fine.
    expect(
      verdict({
        params: [S.u64],
        code: [
          { op: 'ImmBorrowLoc', local: 0 },
          { op: 'ImmBorrowLoc', local: 0 },
          { op: 'Pop' },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ).toBeNull();
  });

  /** `x = &mut p; y = copy x;` then `tail` with `y` on the stack. */
  const aliased = (tail: Bytecode[]): Case => ({
    params: [S.u64],
    locals: [S.mut(S.u64)],
    code: [
      { op: 'MutBorrowLoc', local: 0 },
      { op: 'StLoc', local: 1 },
      { op: 'CopyLoc', local: 1 },
      ...tail,
    ],
  });

  it('refuses reading, writing or freezing through a reference another borrows mutably', () => {
    expect(
      verdict(
        aliased([
          { op: 'LdU64', value: 5n },
          { op: 'MoveLoc', local: 1 },
          { op: 'WriteRef' },
          { op: 'Pop' },
          { op: 'Ret' },
        ]),
      ),
    ).toBe('WRITEREF_EXISTS_BORROW_ERROR 1054');
    expect(
      verdict(
        aliased([
          { op: 'MoveLoc', local: 1 },
          { op: 'ReadRef' },
          { op: 'Pop' },
          { op: 'Pop' },
          { op: 'Ret' },
        ]),
      ),
    ).toBe('READREF_EXISTS_MUTABLE_BORROW_ERROR 1051');
    expect(
      verdict(
        aliased([
          { op: 'MoveLoc', local: 1 },
          { op: 'FreezeRef' },
          { op: 'Pop' },
          { op: 'Pop' },
          { op: 'Ret' },
        ]),
      ),
    ).toBe('FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR 1033');
    // Once the copy is gone, the original may be written.
    expect(
      verdict(
        aliased([
          { op: 'Pop' },
          { op: 'LdU64', value: 5n },
          { op: 'MoveLoc', local: 1 },
          { op: 'WriteRef' },
          { op: 'Ret' },
        ]),
      ),
    ).toBeNull();
  });

  it('a second mutable borrow of a local takes over the first (factoring): writing it is refused', () => {
    const twoBorrows = (tail: Bytecode[]): Case => ({
      params: [S.u64],
      locals: [S.mut(S.u64), S.mut(S.u64)],
      code: [
        { op: 'MutBorrowLoc', local: 0 },
        { op: 'StLoc', local: 1 },
        { op: 'MutBorrowLoc', local: 0 },
        { op: 'StLoc', local: 2 },
        ...tail,
      ],
    });
    expect(
      verdict(
        twoBorrows([
          { op: 'LdU64', value: 5n },
          { op: 'MoveLoc', local: 2 },
          { op: 'WriteRef' },
          { op: 'Ret' },
        ]),
      ),
    ).toBe('WRITEREF_EXISTS_BORROW_ERROR 1054');
    // Once the second is gone, the first may write.
    expect(
      verdict(
        twoBorrows([
          { op: 'MoveLoc', local: 2 },
          { op: 'Pop' },
          { op: 'LdU64', value: 5n },
          { op: 'MoveLoc', local: 1 },
          { op: 'WriteRef' },
          { op: 'Ret' },
        ]),
      ),
    ).toBeNull();
  });

  it('refuses a mutable field borrow of a fully borrowed reference, allows disjoint fields', () => {
    expect(
      verdict(
        {
          params: [S.mut(S.struct(0))],
          code: [
            { op: 'CopyLoc', local: 0 },
            { op: 'MoveLoc', local: 0 },
            { op: 'MutBorrowField', field: 0 },
            { op: 'Pop' },
            { op: 'Pop' },
            { op: 'Ret' },
          ],
        },
        pair,
      ),
    ).toBe('BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR 1036');
    expect(
      verdict(
        {
          params: [S.mut(S.struct(0))],
          code: [
            { op: 'CopyLoc', local: 0 },
            { op: 'MutBorrowField', field: 0 },
            { op: 'MoveLoc', local: 0 },
            { op: 'MutBorrowField', field: 1 },
            { op: 'Pop' },
            { op: 'Pop' },
            { op: 'Ret' },
          ],
        },
        pair,
      ),
    ).toBeNull();
  });

  it('refuses passing or returning a borrowed mutable reference, and returning a local borrow', () => {
    expect(
      verdict(
        aliased([{ op: 'MoveLoc', local: 1 }, { op: 'Call', fn: 0 }, { op: 'Pop' }, { op: 'Ret' }]),
        (b) =>
          b.fn('g', {
            params: [S.mut(S.u64)],
            code: [{ op: 'MoveLoc', local: 0 }, { op: 'Pop' }, { op: 'Ret' }],
          }),
      ),
    ).toBe('CALL_BORROWED_MUTABLE_REFERENCE_ERROR 1046');
    expect(
      verdict(
        {
          params: [S.mut(S.struct(0))],
          returns: [S.mut(S.u64), S.mut(S.struct(0))],
          code: [
            { op: 'CopyLoc', local: 0 },
            { op: 'MutBorrowField', field: 0 },
            { op: 'MoveLoc', local: 0 },
            { op: 'Ret' },
          ],
        },
        pair,
      ),
    ).toBe('RET_BORROWED_MUTABLE_REFERENCE_ERROR 1031');
    expect(
      verdict({
        params: [S.u64],
        returns: [S.ref(S.u64)],
        code: [{ op: 'ImmBorrowLoc', local: 0 }, { op: 'Ret' }],
      }),
    ).toBe('UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED 1029');
    // A field of a reference parameter may be returned.
    expect(
      verdict(
        {
          params: [S.mut(S.struct(0))],
          returns: [S.mut(S.u64)],
          code: [{ op: 'MoveLoc', local: 0 }, { op: 'MutBorrowField', field: 0 }, { op: 'Ret' }],
        },
        pair,
      ),
    ).toBeNull();
  });

  const store = (b: ModuleBuilder) => {
    b.struct('R', KEY, [['v', S.u64]]);
    // g(a) acquires R { let R { v: _ } = move_from<R>(a) }
    b.fn('g', {
      params: [S.address],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'MoveFrom', def: 0 },
        { op: 'Unpack', def: 0 },
        { op: 'Pop' },
        { op: 'Ret' },
      ],
    });
  };

  it('refuses conflicting global borrows, move_from and acquiring calls while borrowed', () => {
    const twice: Case = {
      params: [S.address],
      code: [
        { op: 'CopyLoc', local: 0 },
        { op: 'MutBorrowGlobal', def: 0 },
        { op: 'CopyLoc', local: 0 },
        { op: 'MutBorrowGlobal', def: 0 },
        { op: 'Pop' },
        { op: 'Pop' },
        { op: 'Ret' },
      ],
    };
    expect(verdict(twice, store, { 0: [0], 1: [0] })).toBe('GLOBAL_REFERENCE_ERROR 1074');
    expect(
      verdict(
        {
          params: [S.address],
          code: [
            { op: 'CopyLoc', local: 0 },
            { op: 'ImmBorrowGlobal', def: 0 },
            { op: 'CopyLoc', local: 0 },
            { op: 'MoveFrom', def: 0 },
            { op: 'Unpack', def: 0 },
            { op: 'Pop' },
            { op: 'Pop' },
            { op: 'Ret' },
          ],
        },
        store,
        { 0: [0], 1: [0] },
      ),
    ).toBe('GLOBAL_REFERENCE_ERROR 1074');
    const callWhileBorrowed: Case = {
      params: [S.address],
      code: [
        { op: 'CopyLoc', local: 0 },
        { op: 'ImmBorrowGlobal', def: 0 },
        { op: 'CopyLoc', local: 0 },
        { op: 'Call', fn: 0 },
        { op: 'Pop' },
        { op: 'Ret' },
      ],
    };
    expect(verdict(callWhileBorrowed, store, { 0: [0], 1: [0] })).toBe(
      'GLOBAL_REFERENCE_ERROR 1074',
    );
    // Two immutable borrows of a global are fine.
    expect(
      verdict(
        {
          params: [S.address],
          code: [
            { op: 'CopyLoc', local: 0 },
            { op: 'ImmBorrowGlobal', def: 0 },
            { op: 'CopyLoc', local: 0 },
            { op: 'ImmBorrowGlobal', def: 0 },
            { op: 'Pop' },
            { op: 'Pop' },
            { op: 'Ret' },
          ],
        },
        store,
        { 0: [0], 1: [0] },
      ),
    ).toBeNull();
  });

  it('refuses updating or mutably indexing a vector while an element is borrowed', () => {
    const withElement = (tail: Bytecode[]): Case => ({
      params: [S.vec(S.u64)],
      locals: [S.mut(S.vec(S.u64))],
      code: [
        { op: 'MutBorrowLoc', local: 0 },
        { op: 'StLoc', local: 1 },
        { op: 'CopyLoc', local: 1 },
        { op: 'LdU64', value: 0n },
        { op: 'VecMutBorrow', sig: 0 },
        { op: 'MoveLoc', local: 1 },
        ...tail,
      ],
    });
    const u64Sig = (b: ModuleBuilder) => {
      b.sig([S.u64]);
    };
    expect(
      verdict(
        withElement([
          { op: 'LdU64', value: 7n },
          { op: 'VecPushBack', sig: 0 },
          { op: 'Pop' },
          { op: 'Ret' },
        ]),
        u64Sig,
      ),
    ).toBe('VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR 1109');
    expect(
      verdict(
        withElement([
          { op: 'LdU64', value: 0n },
          { op: 'VecMutBorrow', sig: 0 },
          { op: 'Pop' },
          { op: 'Pop' },
          { op: 'Ret' },
        ]),
        u64Sig,
      ),
    ).toBe('VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR 1110');
    // Reading the length is allowed.
    expect(
      verdict(
        withElement([{ op: 'VecLen', sig: 0 }, { op: 'Pop' }, { op: 'Pop' }, { op: 'Ret' }]),
        u64Sig,
      ),
    ).toBeNull();
  });
});

describe('acquires lists', () => {
  const resource = (b: ModuleBuilder) => b.struct('R', KEY, [['v', S.u64]]);
  const borrow: Case = {
    params: [S.address],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: 0 },
      { op: 'Pop' },
      { op: 'Ret' },
    ],
  };
  it('needs every acquired resource listed once, and nothing else', () => {
    expect(verdict(borrow, resource, { 0: [0] })).toBeNull();
    expect(verdict(borrow, resource)).toBe('MISSING_ACQUIRES_ANNOTATION 1070');
    expect(verdict(borrow, resource, { 0: [0, 0] })).toBe('DUPLICATE_ACQUIRES_ANNOTATION 1072');
    expect(verdict({ code: [{ op: 'Ret' }] }, resource, { 0: [0] })).toBe(
      'EXTRANEOUS_ACQUIRES_ANNOTATION 1071',
    );
    // A listed resource must have key: `f` acquires what its callee `h` lists (checked first).
    const b = new ModuleBuilder(ME, 'm');
    b.struct('A', DROP, [['v', S.u64]]);
    b.fn('f', { code: [{ op: 'Call', fn: 1 }, { op: 'Ret' }] });
    b.fn('h', { code: [{ op: 'Ret' }] });
    expect(check(withAcquires(b.build(), { 0: [0], 1: [0] }))).toBe(
      'INVALID_ACQUIRES_ANNOTATION 1073',
    );
  });
});

describe('limits (production config)', () => {
  it('refuses too many parameters, type parameters or type nodes', () => {
    expect(
      verdict({ params: Array.from({ length: 128 }, () => S.u64), code: [{ op: 'Ret' }] }),
    ).toBeNull();
    expect(
      verdict({ params: Array.from({ length: 129 }, () => S.u64), code: [{ op: 'Ret' }] }),
    ).toBe('TOO_MANY_PARAMETERS 1113');
    expect(verdict({ typeParams: 33, code: [{ op: 'Ret' }] })).toBe(
      'TOO_MANY_TYPE_PARAMETERS 1112',
    );
    let deep: SignatureToken = S.u64;
    for (let i = 0; i < 20; i += 1) deep = S.vec(deep);
    expect(verdict({ params: [deep], code: [{ op: 'Ret' }] })).toBe('TOO_MANY_TYPE_NODES 1116');
    const wide = (b: ModuleBuilder) => {
      b.struct('A', DROP, [['v', S.u64]]);
      b.foreignStruct('0x1', 'w', 'W', DROP, 32);
    };
    const many = (n: number) =>
      S.struct(1, [
        ...Array.from({ length: n }, () => S.struct(0)),
        ...Array.from({ length: 32 - n }, () => S.u64),
      ]);
    // 4 for W, 4 per struct argument, 1 per u64: 4 + 4·30 + 2 = 126 passes, 4 + 4·31 + 1 = 129 does not.
    expect(verdict({ params: [many(30)], code: [{ op: 'Ret' }] }, wide)).not.toBe(
      'TOO_MANY_TYPE_NODES 1116',
    );
    expect(verdict({ params: [many(31)], code: [{ op: 'Ret' }] }, wide)).toBe(
      'TOO_MANY_TYPE_NODES 1116',
    );
  });
});

describe('instruction consistency', () => {
  it('needs the generic form of an instruction exactly for generic members', () => {
    // `Call` of a generic function.
    expect(
      verdict({ code: [{ op: 'Call', fn: 0 }, { op: 'Ret' }] }, (b) =>
        b.fn('g', { typeParams: 1, code: [{ op: 'Ret' }] }),
      ),
    ).toBe('GENERIC_MEMBER_OPCODE_MISMATCH 1090');
    // `PackGeneric` of a non-generic struct.
    expect(
      verdict(
        {
          code: [
            { op: 'LdU64', value: 1n },
            { op: 'PackGeneric', def: 0 },
            { op: 'Pop' },
            { op: 'Ret' },
          ],
        },
        (b) => {
          b.struct('A', DROP, [['v', S.u64]]);
          b.structInst(0, [S.u64]);
        },
      ),
    ).toBe('GENERIC_MEMBER_OPCODE_MISMATCH 1090');
  });
});

describe('type-argument constraints', () => {
  /** The module with `g<T: copy>` (handle 0) and `Box<T: copy>` (struct 0), and `f` last. */
  function constrained(fn: Case, extra?: (b: ModuleBuilder) => void): string | null {
    const b = new ModuleBuilder(ME, 'm');
    b.fn('g', { typeParams: 1, code: [{ op: 'Ret' }] });
    b.struct('Box', DROP, [['v', S.param(0)]], 1);
    extra?.(b);
    b.fn('f', fn);
    const m = b.build();
    return check({
      ...m,
      functionHandles: m.functionHandles.map((h, i) =>
        i === 0 ? { ...h, typeParameters: [COPY] } : h,
      ),
      structHandles: m.structHandles.map((h, i) =>
        i === 0 ? { ...h, typeParameters: [{ constraints: COPY, isPhantom: false }] } : h,
      ),
    });
  }
  it('refuses a type argument without the abilities its parameter requires', () => {
    const call = (arg: SignatureToken) =>
      constrained({ code: [{ op: 'CallGeneric', fn: 0 }, { op: 'Ret' }] }, (b) => {
        b.fnInst(0, [arg]);
      });
    expect(call(S.u64)).toBeNull();
    expect(call(S.signer)).toBe('CONSTRAINT_NOT_SATISFIED 1075');
    // A type parameter of the caller has its declared abilities (none here).
    expect(
      constrained({ typeParams: 1, code: [{ op: 'CallGeneric', fn: 0 }, { op: 'Ret' }] }, (b) => {
        b.fnInst(0, [S.param(0)]);
      }),
    ).toBe('CONSTRAINT_NOT_SATISFIED 1075');
    expect(constrained({ locals: [S.struct(0, [S.signer])], code: [{ op: 'Ret' }] })).toBe(
      'CONSTRAINT_NOT_SATISFIED 1075',
    );
    expect(constrained({ locals: [S.struct(0, [S.u8])], code: [{ op: 'Ret' }] })).toBeNull();
  });
});

describe('real compiled modules pass', () => {
  const sdk = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as {
    binaries: Array<{ name: string; hex: string }>;
  };
  it('the ts-sdk e2e test packages (modules through checkPackage, scripts as a node runs them)', () => {
    let modules = 0;
    let scripts = 0;
    for (const { hex } of sdk.binaries) {
      let module: CompiledModule | null = null;
      try {
        module = readModule(hex);
      } catch {
        // a script
      }
      if (module !== null) {
        modules += 1;
        expect(check(module)).toBeNull();
        continue;
      }
      scripts += 1;
      const script = readScript(hex);
      const ctx: NativeContext = {
        signers: [],
        timestampMicros: 0n,
        chainId: 4,
        get: () => null,
        write: () => undefined,
        emit: () => undefined,
        charge: () => undefined,
      };
      const session = new VmSession(ctx, { module: () => null }, new Uint8Array(), FRAMEWORK_LINK);
      expect(() => {
        verifyLimits(script, 'script');
        verifyCode(loadScript(script), (name) => session.struct(name));
      }).not.toThrow();
    }
    expect(modules).toBeGreaterThan(3);
    expect(scripts).toBeGreaterThan(0);
  });

  it('mutated real code (instructions swapped, copied or dropped) ends in a VM status, never a crash', () => {
    const base = readModule(sdk.binaries.find((b) => b.name === 'helper.ts#2')?.hex ?? '');
    let seed = 99;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const outcomes = new Map<string, number>();
    for (let run = 0; run < 80; run += 1) {
      const defs = base.functionDefs.map((d) => ({ ...d }));
      const target = defs[rand(defs.length)];
      if (target?.code == null) continue;
      const code = [...target.code.code];
      const at = rand(code.length);
      const kind = rand(3);
      if (kind === 0) code.splice(at, 1);
      else if (kind === 1) code.splice(at, 0, code[rand(code.length)] as Bytecode);
      else [code[at], code[0]] = [code[0] as Bytecode, code[at] as Bytecode];
      target.code = { ...target.code, code };
      const verdictOf = check({ ...base, functionDefs: defs });
      const status = verdictOf?.split(' ')[0] ?? 'accepted';
      outcomes.set(status, (outcomes.get(status) ?? 0) + 1);
    }
    // Every run ended in a status (a crash would have thrown out of `check`).
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
    expect(outcomes.size).toBeGreaterThan(3);
  }, 60_000);

  it('an event module and an account-abstraction module', () => {
    const event = JSON.parse(readFileSync('tests/fixtures/move/eventModule.json', 'utf8')) as {
      bytecode: string;
    };
    expect(check(readModule(event.bytecode.replace(/^0x/, '')))).toBeNull();
    const aa = JSON.parse(
      readFileSync('tests/fixtures/move/helloWorldAuthenticator.json', 'utf8'),
    ) as { modules: Array<{ before: string; after: string }> };
    for (const m of aa.modules)
      expect(
        check(readModule(`${m.before}${'cd'.repeat(32)}${m.after}`.replace(/^0x/, ''))),
      ).toBeNull();
  });
});
