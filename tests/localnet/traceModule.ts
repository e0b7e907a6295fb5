import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { expect } from 'vitest';
import type { CompiledModule } from '../../localnet/move/binary/types.ts';
import type { MoveTrace, TraceFrame } from '../../localnet/move/vm/traceTypes.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';

/** `E_TOO_BIG`, invalid argument 3, as `std::error::invalid_argument(3)` builds it. */
export const E_TOO_BIG = 0x10003n;
export const ABORT_MESSAGE = 'too big: 18';

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
 * `a(1)` stores 6; `a(5)` aborts in `c` at offset 9 (6 × 3 = 18); `shout` aborts with a message.
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
  // `entry fun shout(_s: &signer) { abort(E_TOO_BIG, b"too big: 18") }` (bytecode v10).
  const message = [...Buffer.from(ABORT_MESSAGE, 'utf8')];
  const text = m.constant({ kind: 'Vector', inner: { kind: 'U8' } }, [message.length, ...message]);
  m.fn('shout', {
    params: [S.ref(S.signer)],
    entry: true,
    code: [{ op: 'LdU64', value: E_TOO_BIG }, { op: 'LdConst', index: text }, { op: 'AbortMsg' }],
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
  return { ...m.build(), version: 10 };
}

type FeeStatement = {
  total_charge_gas_units: string;
  execution_gas_units: string;
  io_gas_units: string;
  storage_fee_octas: string;
};
export const feeOf = (tx: UserTransactionResponse) =>
  tx.events.find((e) => e.type === '0x1::transaction_fee::FeeStatement')?.data as FeeStatement;

export const sum = (frames: TraceFrame[], part: 'execution' | 'io' | 'storageOctas') =>
  frames.reduce((total, f) => total + BigInt(f.selfGas[part]), 0n);
const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Frames' gas against the committed FeeStatement, exactly. */
export function expectGasMatches(t: MoveTrace, committed: UserTransactionResponse) {
  const root = t.frames[0] as TraceFrame;
  const fee = feeOf(committed);
  const scale = BigInt(t.gasScale);
  const execution = BigInt(root.gas.execution);
  const io = BigInt(root.gas.io);
  const storage = BigInt(root.gas.storageOctas);
  expect(sum(t.frames, 'execution')).toBe(execution);
  expect(sum(t.frames, 'io')).toBe(io);
  expect(sum(t.frames, 'storageOctas')).toBe(storage);
  expect(ceil(execution, scale).toString()).toBe(fee.execution_gas_units);
  expect((ceil(execution + io, scale) - ceil(execution, scale)).toString()).toBe(fee.io_gas_units);
  expect(storage.toString()).toBe(fee.storage_fee_octas);
  const storageUnits = ceil(storage, BigInt(committed.gas_unit_price));
  expect((ceil(execution + io, scale) + storageUnits).toString()).toBe(committed.gas_used);
  expect(t.gasUsed).toBe(committed.gas_used);
  // Each frame's inclusive gas is its own plus its children's.
  for (const frame of t.frames) {
    const children = t.frames.filter((f) => f.parent === frame.id);
    for (const part of ['execution', 'io', 'storageOctas'] as const) {
      const inner = children.reduce((total, f) => total + BigInt(f.gas[part]), 0n);
      expect(BigInt(frame.gas[part])).toBe(BigInt(frame.selfGas[part]) + inner);
    }
  }
}
