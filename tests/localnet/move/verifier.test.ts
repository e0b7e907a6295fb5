/**
 * The bytecode verifier's stack and type checks (`prepare(fn, lookup, true)`, run by `checkPackage`
 * when a package is published): one function per case, each refused with the node's status at its
 * instruction, and a well-typed module accepted.
 */
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { VmStatusError } from '../../../localnet/framework/context.ts';
import type { Bytecode, SignatureToken } from '../../../localnet/move/binary/types.ts';
import { checkPackage } from '../../../localnet/executor/bytecode.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

const ME = `0x${'cd'.repeat(32)}` as LongAddress;
const EMPTY_STATE = { get: () => null };

interface Case {
  typeParams?: number;
  params?: SignatureToken[];
  returns?: SignatureToken[];
  locals?: SignatureToken[];
  code: Bytecode[];
}

/** The status `checkPackage` refuses a module of one function with, or `null` if it passes. */
function verdict(fn: Case, extend?: (b: ModuleBuilder) => void): string | null {
  const b = new ModuleBuilder(ME, 'm');
  extend?.(b);
  b.fn('f', fn);
  try {
    checkPackage(EMPTY_STATE, [b.build()]);
    return null;
  } catch (error) {
    if (error instanceof VmStatusError) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe('the verifier on publishing', () => {
  it('accepts well-typed code', () => {
    expect(
      verdict({
        params: [S.u64, S.mut(S.u64)],
        returns: [S.bool],
        locals: [S.u64],
        code: [
          { op: 'CopyLoc', local: 0 },
          { op: 'LdU64', value: 1n },
          { op: 'Add' },
          { op: 'StLoc', local: 2 },
          { op: 'CopyLoc', local: 2 },
          { op: 'MoveLoc', local: 1 },
          { op: 'WriteRef' },
          { op: 'MoveLoc', local: 2 },
          { op: 'LdU64', value: 3n },
          { op: 'Gt' },
          { op: 'Ret' },
        ],
      }),
    ).toBeNull();
  });

  it('refuses each kind of ill-typed or unbalanced code with its status and code', () => {
    expect(
      verdict({
        code: [{ op: 'LdU8', value: 1 }, { op: 'BrTrue', offset: 0 }, { op: 'Ret' }],
      }),
    ).toBe('BR_TYPE_MISMATCH_ERROR 1025');
    expect(verdict({ code: [{ op: 'LdTrue' }, { op: 'Abort' }] })).toBe(
      'ABORT_TYPE_MISMATCH_ERROR 1026',
    );
    expect(
      verdict({
        locals: [S.u64],
        code: [{ op: 'LdTrue' }, { op: 'StLoc', local: 0 }, { op: 'Ret' }],
      }),
    ).toBe('STLOC_TYPE_MISMATCH_ERROR 1027');
    expect(verdict({ returns: [S.u64], code: [{ op: 'LdU8', value: 0 }, { op: 'Ret' }] })).toBe(
      'RET_TYPE_MISMATCH_ERROR 1030',
    );
    expect(verdict({ code: [{ op: 'Pop' }, { op: 'Ret' }] })).toBe(
      'NEGATIVE_STACK_SIZE_WITHIN_BLOCK 1009',
    );
    expect(verdict({ code: [{ op: 'LdU64', value: 1n }, { op: 'Ret' }] })).toBe(
      'POSITIVE_STACK_SIZE_AT_BLOCK_END 1069',
    );
    expect(
      verdict({
        code: [
          { op: 'LdTrue' },
          { op: 'LdU64', value: 1n },
          { op: 'Or' },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ).toBe('BOOLEAN_OP_TYPE_MISMATCH_ERROR 1057');
    expect(
      verdict({
        code: [
          { op: 'LdTrue' },
          { op: 'LdU64', value: 1n },
          { op: 'Eq' },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ).toBe('EQUALITY_OP_TYPE_MISMATCH_ERROR 1058');
    expect(
      verdict({
        params: [S.ref(S.u64)],
        code: [
          { op: 'LdU64', value: 1n },
          { op: 'MoveLoc', local: 0 },
          { op: 'WriteRef' },
          { op: 'Ret' },
        ],
      }),
    ).toBe('WRITEREF_NO_MUTABLE_REFERENCE_ERROR 1055');
    expect(
      verdict({
        params: [S.ref(S.u64)],
        code: [{ op: 'MoveLoc', local: 0 }, { op: 'FreezeRef' }, { op: 'Pop' }, { op: 'Ret' }],
      }),
    ).toBe('FREEZEREF_TYPE_MISMATCH_ERROR 1032');
    expect(
      verdict({ code: [{ op: 'LdTrue' }, { op: 'ReadRef' }, { op: 'Pop' }, { op: 'Ret' }] }),
    ).toBe('READREF_TYPE_MISMATCH_ERROR 1049');
  });

  it('checks abilities: drop to pop, copy to copy, key for globals; phantom arguments do not count', () => {
    // `struct Hot { v: u64 }` has no ability at all; `struct Box has key { v: u64 }`.
    const withStructs = (b: ModuleBuilder) => {
      b.struct('Hot', 0, [['v', S.u64]]);
      b.struct('Box', 8, [['v', S.u64]]);
    };
    const hot = S.struct(0);
    expect(
      verdict(
        { params: [hot], code: [{ op: 'MoveLoc', local: 0 }, { op: 'Pop' }, { op: 'Ret' }] },
        withStructs,
      ),
    ).toBe('POP_WITHOUT_DROP_ABILITY 1023');
    expect(
      verdict({
        params: [S.signer],
        code: [{ op: 'CopyLoc', local: 0 }, { op: 'Pop' }, { op: 'Ret' }],
      }),
    ).toBe('COPYLOC_WITHOUT_COPY_ABILITY 1038');
    expect(
      verdict(
        {
          params: [S.ref(S.signer), hot],
          code: [
            { op: 'MoveLoc', local: 0 },
            { op: 'MoveLoc', local: 1 },
            { op: 'MoveTo', def: 0 },
            { op: 'Ret' },
          ],
        },
        withStructs,
      ),
    ).toBe('MOVETO_WITHOUT_KEY_ABILITY 1065');
    expect(
      verdict(
        {
          params: [S.ref(S.signer), S.u64],
          code: [
            { op: 'MoveLoc', local: 0 },
            { op: 'MoveLoc', local: 1 },
            { op: 'Pack', def: 1 },
            { op: 'MoveTo', def: 1 },
            { op: 'Ret' },
          ],
        },
        withStructs,
      ),
    ).toBeNull();
    // A type parameter pops only under a `drop` constraint (here: none).
    expect(
      verdict({
        typeParams: 1,
        params: [S.param(0)],
        code: [{ op: 'MoveLoc', local: 0 }, { op: 'Pop' }, { op: 'Ret' }],
      }),
    ).toBe('POP_WITHOUT_DROP_ABILITY 1023');
    // `Object<Hot>` drops: `Object<phantom T>` ignores its argument's abilities.
    expect(
      verdict(
        {
          params: [S.struct(2, [hot])],
          code: [{ op: 'MoveLoc', local: 0 }, { op: 'Pop' }, { op: 'Ret' }],
        },
        (b) => {
          withStructs(b);
          b.foreignStruct('0x1', 'object', 'Object', 1 | 2 | 4, 1);
        },
      ),
    ).toBeNull();
  });

  it('checks calls and packs against the callee and the struct', () => {
    let takesU64 = 0;
    expect(
      verdict({ code: [{ op: 'LdTrue' }, { op: 'Call', fn: 0 }, { op: 'Ret' }] }, (b) => {
        takesU64 = b.fn('g', { params: [S.u64], code: [{ op: 'Ret' }] });
      }),
    ).toBe('CALL_TYPE_MISMATCH_ERROR 1045');
    expect(takesU64).toBe(0); // `g` is declared first: handle 0
    let def = 0;
    expect(
      verdict(
        { code: [{ op: 'LdTrue' }, { op: 'Pack', def: 0 }, { op: 'Pop' }, { op: 'Ret' }] },
        (b) => {
          def = b.struct('R', 3, [['v', S.u64]]).def;
        },
      ),
    ).toBe('PACK_TYPE_MISMATCH_ERROR 1047');
    expect(def).toBe(0);
  });
});
