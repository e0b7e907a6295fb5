/**
 * What framework functions written on the VM's own values (`NativeFunction.native`, built with
 * `fn()` in `abi.ts`) use to reach state, events and aborts. State goes through the native
 * context directly, never through the session's resource cells: `0x1` resources are only ever
 * touched by framework code, and the helpers on the context (`assets.ts`, `objects.ts`,
 * `multisig/`) write through the same context, so all of them see one write buffer.
 */
import type { LongAddress } from '../encoding.ts';
import { BytecodeAbort } from '../move/vm/errors.ts';
import type { NativeHost } from '../move/vm/loader.ts';
import type { Ty } from '../move/vm/ty.ts';
import { K, parseTy, tyString } from '../move/vm/ty.ts';
import type { Layout, Value } from '../move/vm/values.ts';
import { Ref } from '../move/vm/values.ts';
import { fromJson, toJson } from '../move/vm/valuesJson.ts';
import type { ResourceValue } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import { missingData } from './context.ts';

const layoutOf =
  (host: NativeHost) =>
  (s: Parameters<NativeHost['layout']>[0], args: readonly Ty[]): Layout =>
    host.layout(s, args);

const parsed = new Map<string, Ty>();

/** A type from its canonical string (`0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`). */
export function ty(tag: string): Ty {
  let found = parsed.get(tag);
  if (found === undefined) {
    found = parseTy(tag, true);
    // Framework code names a bounded set of types; client-chosen ones go through `tyString`.
    if (parsed.size < 4096) parsed.set(tag, found);
  }
  return found;
}

/** The value behind a reference (natives receive `&T` as a `Ref`). */
export const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

/** A signer's (or `&signer`'s) address. */
export const signerAddress = (v: Value): LongAddress => deref(v) as LongAddress;

/** A struct's fields (through a reference too). */
export const fieldsOf = (v: Value): Value[] => deref(v) as Value[];

/** `0x1::string::String` from text, and back. */
export const str = (text: string): Value => [Array.from(Buffer.from(text, 'utf8'))];
export const textOf = (v: Value): string =>
  Buffer.from(fieldsOf(v)[0] as number[]).toString('utf8');

/** `0x1::option::Option<T>`: `some(v)`, `none()`, and the value inside or `undefined`. */
export const some = (v: Value): Value => [[v]];
export const none = (): Value => [[]];
export const optionValue = (v: Value): Value | undefined => (fieldsOf(v)[0] as Value[])[0];

/** `Object<T>` from an address, and back. */
export const object = (address: LongAddress): Value => [address];
export const objectAddress = (v: Value): LongAddress => fieldsOf(v)[0] as LongAddress;

/** Aborts as the framework module would: `Move abort in 0x1::<module>: NAME(0x…): doc`. */
export function abortIn(module: string, code: bigint, name: string, doc = ''): never {
  const at = module.includes('::') ? module : `0x1::${module}`;
  throw new BytecodeAbort(at, code, { name, doc });
}

/** The resource of type `type` at `address`, or `undefined`. Reads are charged as state reads. */
export function readResource(
  host: NativeHost,
  address: LongAddress,
  type: Ty | string,
): Value | undefined {
  const resourceTy = typeof type === 'string' ? ty(type) : type;
  const stored = host.session.ctx.get(resourceKey(address, tyString(resourceTy)));
  if (stored === null || stored.kind !== 'resource') return undefined;
  return fromJson(resourceTy, stored.data, layoutOf(host));
}

/** `borrow_global<T>(address)`: the resource, or `MISSING_DATA` as the VM answers. */
export function borrowResource(host: NativeHost, address: LongAddress, type: Ty | string): Value {
  return readResource(host, address, type) ?? missingData();
}

/** The framework's own packages: their resources live in the context, never in bytecode's cells. */
const NATIVE_PACKAGES = new Set(
  ['0x1', '0x3', '0x4', '0x5', '0x7'].map((a) => `0x${a.slice(2).padStart(64, '0')}`),
);

/**
 * `exists<T>(address)`. A resource of user bytecode (`object_exists<MyToken>` after the module's
 * `move_to` in the same transaction) is asked of the session, which holds bytecode's writes.
 */
export function resourceExists(host: NativeHost, address: LongAddress, type: Ty | string): boolean {
  const resourceTy = typeof type === 'string' ? ty(type) : type;
  if (resourceTy.k === K.STRUCT && !NATIVE_PACKAGES.has(resourceTy.s.address)) {
    return host.session.resourceExists(address, resourceTy);
  }
  const stored = host.session.ctx.get(resourceKey(address, tyString(resourceTy)));
  return stored !== null && stored.kind === 'resource';
}

/** `move_to` / an updated resource: written to the transaction's write buffer. */
export function writeResource(
  host: NativeHost,
  address: LongAddress,
  type: Ty | string,
  value: Value,
): void {
  const resourceTy = typeof type === 'string' ? ty(type) : type;
  const tag = tyString(resourceTy);
  const data = toJson(resourceTy, value, layoutOf(host)) as ResourceValue['data'];
  host.session.ctx.write(resourceKey(address, tag), { kind: 'resource', address, type: tag, data });
}

/** `move_from<T>(address)`: the resource, removed; `MISSING_DATA` when absent. */
export function removeResource(host: NativeHost, address: LongAddress, type: Ty | string): Value {
  const resourceTy = typeof type === 'string' ? ty(type) : type;
  const value = borrowResource(host, address, resourceTy);
  host.session.ctx.write(resourceKey(address, tyString(resourceTy)), null);
  return value;
}

/**
 * `borrow_global_mut<T>(address)` around `change`: reads the resource (`MISSING_DATA` when
 * absent), lets `change` edit its fields in place, and writes it back.
 */
export function updateResource<R>(
  host: NativeHost,
  address: LongAddress,
  type: Ty | string,
  change: (fields: Value[]) => R,
): R {
  const resourceTy = typeof type === 'string' ? ty(type) : type;
  const value = borrowResource(host, address, resourceTy);
  const result = change(value as Value[]);
  writeResource(host, address, resourceTy, value);
  return result;
}

/** `event::emit(value)` of a module event struct of type `type`. */
export function emitEvent(host: NativeHost, type: Ty | string, value: Value): void {
  host.session.emit(typeof type === 'string' ? ty(type) : type, value);
}
