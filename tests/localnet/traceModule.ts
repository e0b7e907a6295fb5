import type { CompiledModule } from '../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';

/** `E_TOO_BIG`, invalid argument 3, as `std::error::invalid_argument(3)` builds it. */
export const E_TOO_BIG = 0x10003n;

/**
 * The trace tests' package (issue 32), one module `chain`: entry `a` calls `b`, `b` calls `c`,
 * and `c` aborts when its product is past 10, as the compiler would lay out
 *
 * ```move
 * struct Store has key { value: u64 }
 * fun c(x: u64, y: u64): u64 { let z = x * y; if (z > 10) abort E_TOO_BIG; z }
 * fun b(x: u64): u64 { let w = x + 1; c(w, 3) }
 * entry fun a(account: &signer, x: u64) { let r = b(x); move_to(account, Store { value: r }) }
 * ```
 *
 * `a(1)` stores 6; `a(5)` aborts in `c` at offset 9 (6 × 3 = 18).
 */
export function traceModule(address: string): CompiledModule {
  const m = new ModuleBuilder(address, 'chain');
  m.error(3n, 'E_TOO_BIG', 'The product is past 10');
  const store = m.struct('Store', 8, [['value', S.u64]]);
  const c = m.fn('c', {
    params: [S.u64, S.u64],
    returns: [S.u64],
    locals: [S.u64],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'CopyLoc', local: 1 },
      { op: 'Mul' },
      { op: 'StLoc', local: 2 },
      { op: 'CopyLoc', local: 2 },
      { op: 'LdU64', value: 10n },
      { op: 'Gt' },
      { op: 'BrFalse', offset: 10 },
      { op: 'LdU64', value: E_TOO_BIG },
      { op: 'Abort' },
      { op: 'MoveLoc', local: 2 },
      { op: 'Ret' },
    ],
  });
  const b = m.fn('b', {
    params: [S.u64],
    returns: [S.u64],
    locals: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdU64', value: 1n },
      { op: 'Add' },
      { op: 'StLoc', local: 1 },
      { op: 'CopyLoc', local: 1 },
      { op: 'LdU64', value: 3n },
      { op: 'Call', fn: c },
      { op: 'Ret' },
    ],
  });
  m.fn('a', {
    params: [S.ref(S.signer), S.u64],
    locals: [S.u64],
    entry: true,
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: b },
      { op: 'StLoc', local: 2 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 2 },
      { op: 'Pack', def: store.def },
      { op: 'MoveTo', def: store.def },
      { op: 'Ret' },
    ],
  });
  return m.build();
}
