/**
 * What bytecode v9 and v10 added to the interpreter's cases: signed arithmetic with Rust's
 * checked semantics, and `AbortMsg`'s abort.
 */
import { BytecodeAbort, vmError } from './errors.ts';
import { OP, type SignedRange } from './ops.ts';

/**
 * Signed `+ - * / %` (`o` the op) on two values of one signed type, or null where Rust's
 * `checked_*` is `None`: out of `range`, a zero divisor, `MIN / -1` and `MIN % -1`. Division
 * truncates toward zero and the remainder takes the dividend's sign, as in Rust.
 */
export function signedArith(
  o: number,
  a: number | bigint,
  b: number | bigint,
  range: SignedRange,
): number | bigint | null {
  let r: number | bigint;
  if (typeof a === 'number') {
    const x = b as number;
    if ((o === OP.DIV_S || o === OP.MOD_S) && x === 0) return null;
    r =
      o === OP.ADD_S
        ? a + x
        : o === OP.SUB_S
          ? a - x
          : o === OP.MUL_S
            ? a * x
            : o === OP.DIV_S
              ? Math.trunc(a / x)
              : a % x;
    r += 0; // no -0
    if (o === OP.MOD_S && a === range.min && x === -1) return null;
  } else {
    const x = b as bigint;
    if ((o === OP.DIV_S || o === OP.MOD_S) && x === 0n) return null;
    if (o === OP.MOD_S && a === range.min && x === -1n) return null;
    r =
      o === OP.ADD_S
        ? a + x
        : o === OP.SUB_S
          ? a - x
          : o === OP.MUL_S
            ? a * x
            : o === OP.DIV_S
              ? a / x
              : a % x;
  }
  return r < range.min || r > range.max ? null : r;
}

/** The VM's limit on an abort message (move-vm-types `limits`). */
const ABORT_MESSAGE_MAX_BYTES = 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `AbortMsg`: an abort whose description is the message, under the name the module's error map
 * gives the code (empty without one), as a node fills `AbortInfo`; so `vm_status` reads
 * `Move abort in 0x…::m: E_NAME(0x2a): the message` (or `: (0x2a): the message`).
 */
export function abortWithMessage(
  module: { id: string; errors: ReadonlyMap<bigint, { name: string }> } | null,
  at: string,
  code: bigint,
  message: number[],
): Error {
  if (message.length > ABORT_MESSAGE_MAX_BYTES) return vmError('ABORT_MESSAGE_LIMIT_EXCEEDED', at);
  let text: string;
  try {
    text = utf8.decode(Uint8Array.from(message));
  } catch {
    return vmError('INVALID_ABORT_MESSAGE', at);
  }
  if (module === null) return new BytecodeAbort('script', code, null);
  const name = (module.errors.get(code & 0xfffn) ?? module.errors.get(code))?.name ?? '';
  return new BytecodeAbort(module.id, code, { name, doc: text });
}
