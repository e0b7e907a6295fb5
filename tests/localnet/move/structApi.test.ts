import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { VmStatusError } from '../../../localnet/framework/context.ts';
import type { CompiledModule, FunctionAttribute } from '../../../localnet/move/binary/types.ts';
import { checkPackage } from '../../../localnet/executor/bytecode.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * Language 2.4's struct API (bytecode v10): a call to a `borrow_mut$S$…` function marked
 * `BorrowFieldMutable(i)` borrows field `i` of its argument, as the node's reference safety
 * treats it, so two such calls on different fields may be held at once.
 */
const ME = `0x${'ce'.repeat(32)}` as LongAddress;

/** `fun both(s: &mut S) { let a = borrow_mut$S$0(s); let b = borrow_mut$S$1(s); *a = 1; *b = 2 }`. */
function module(attributes: (field: number) => FunctionAttribute[]): CompiledModule {
  const b = new ModuleBuilder(ME, 'm');
  const s = b.struct('S', 1 | 2, [
    ['x', S.u64],
    ['y', S.u64],
  ]);
  const sRef = S.mut(S.struct(s.handle));
  const borrow = [0, 1].map((field) =>
    b.fn(`borrow_mut$S$${field}`, {
      params: [sRef],
      returns: [S.mut(S.u64)],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'MutBorrowField', field: b.field(s.def, field) },
        { op: 'Ret' },
      ],
    }),
  );
  b.fn('both', {
    params: [sRef],
    locals: [S.mut(S.u64), S.mut(S.u64)],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'Call', fn: borrow[0] as number },
      { op: 'StLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: borrow[1] as number },
      { op: 'StLoc', local: 2 },
      { op: 'LdU64', value: 1n },
      { op: 'MoveLoc', local: 1 },
      { op: 'WriteRef' },
      { op: 'LdU64', value: 2n },
      { op: 'MoveLoc', local: 2 },
      { op: 'WriteRef' },
      { op: 'Ret' },
    ],
  });
  const built = b.build();
  return {
    ...built,
    version: 10,
    functionHandles: built.functionHandles.map((h, i) =>
      borrow.includes(i) ? { ...h, attributes: attributes(borrow.indexOf(i)) } : h,
    ),
  };
}

function verdict(m: CompiledModule): string | null {
  try {
    checkPackage({ get: () => null }, [m]);
    return null;
  } catch (error) {
    if (error instanceof VmStatusError) return error.status;
    throw error;
  }
}

describe('struct API borrows in reference safety', () => {
  it('takes two field borrows through borrow_mut APIs held at once', () => {
    expect(verdict(module((field) => [{ kind: 'BorrowFieldMutable', index: field }]))).toBeNull();
  });

  it('refuses the same calls to unmarked functions, which borrow the whole value', () => {
    expect(verdict(module(() => []))).toBe('CALL_BORROWED_MUTABLE_REFERENCE_ERROR');
  });
});
