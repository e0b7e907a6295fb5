import type { LongAddress } from '../../../localnet/encoding.ts';
import { FRAMEWORK_LINK, frameworkFunction } from '../../../localnet/framework/vmBridge.ts';
import type { NativeHost, NativeImpl } from '../../../localnet/move/vm/loader.ts';
import { stdNative } from '../../../localnet/move/vm/natives.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';

/**
 * Calls `0x1` natives directly, outside any transaction: a session on empty state with no
 * modules, and a host that adds up the gas each native charges (`charged()`).
 */
export const ONE = `0x${'0'.repeat(63)}1` as LongAddress;

export const session = new VmSession(
  {
    signers: [],
    timestampMicros: 0n,
    chainId: 4,
    get: () => null,
    write: () => undefined,
    emit: () => undefined,
    charge: () => undefined,
  },
  { module: () => null },
  new Uint8Array(32),
  FRAMEWORK_LINK,
);

let total = 0;
/** The internal gas units charged by natives called through `host` so far. */
export const charged = (): number => total;

export const host: NativeHost = {
  charge: (internal) => {
    total += internal;
  },
  layout: (s, args) => session.layout(s, args),
  session,
  // Natives that call other functions are tested through an interpreter (vmWorld.ts).
  call: () => {
    throw new Error('the native harness does not run calls');
  },
};

/** The native `module::name` of `0x1`: a std/aptos_std native, else a bridged framework function. */
export function native(id: string): NativeImpl {
  const [module, name] = id.split('::') as [string, string];
  const impl = stdNative(ONE, module, name) ?? frameworkFunction(ONE, module, name);
  if (impl === undefined) throw new Error(`no native ${id}`);
  return impl;
}

/** Calls the native `module::name` with type arguments written as Move types (`u64`, `0x1::…`). */
export const call = (id: string, args: Value[], tys: string[] = []): Value[] =>
  native(id)(
    host,
    tys.map((t) => parseTy(t)),
    args,
  );
