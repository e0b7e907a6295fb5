import type { LongAddress } from '../encoding.ts';
import { fromHex, must, parseAddress, sha3, shortAddress, toHex } from '../encoding.ts';
import type { ResourceValue, StateReader } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import { objectCoreValue } from './assets.ts';
import type { NativeContext } from './context.ts';
import { abort, ERROR_CATEGORY, moduleError } from './context.ts';

/**
 * Objects as `0x1::object` keeps them: an `ObjectCore` (owner, ungated transfer flag) plus the
 * resources of whatever the object is (a collection, a token), all at the object's address.
 */
export const OBJECT = '0x1::object';
export const OBJECT_CORE = '0x1::object::ObjectCore';

export const objectErrors = {
  exists: moduleError(
    ERROR_CATEGORY.alreadyExists,
    1n,
    'EOBJECT_EXISTS',
    'An object already exists at this address',
  ),
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    2n,
    'EOBJECT_DOES_NOT_EXIST',
    'An object does not exist at this address',
  ),
  ungated: moduleError(
    ERROR_CATEGORY.permissionDenied,
    3n,
    'ENO_UNGATED_TRANSFERS',
    'The object does not have ungated transfers enabled',
  ),
  notOwner: moduleError(
    ERROR_CATEGORY.permissionDenied,
    4n,
    'ENOT_OBJECT_OWNER',
    'The caller does not have ownership permissions',
  ),
  nesting: moduleError(
    ERROR_CATEGORY.outOfRange,
    6n,
    'EMAXIMUM_NESTING',
    'Exceeds maximum nesting for an object transfer.',
  ),
};

/** `object::MAXIMUM_OBJECT_NESTING`: the longest ownership chain a transfer walks. */
const MAXIMUM_OBJECT_NESTING = 8;

/** Scheme byte of `object::create_object_address`. */
const FROM_SEED = 0xfe;

/** `object::create_object_address(creator, seed)`: sha3(creator ‖ seed ‖ 0xFE). */
export function namedObjectAddress(creator: LongAddress, seed: Uint8Array): LongAddress {
  return toHex(sha3(fromHex(creator), seed, new Uint8Array([FROM_SEED]))) as LongAddress;
}

export function readObjectCore(state: StateReader, address: LongAddress): ResourceValue | null {
  return state.get(resourceKey(address, OBJECT_CORE)) as ResourceValue | null;
}

export function objectOwner(core: ResourceValue): LongAddress {
  return must(parseAddress(core.data.owner as string));
}

/** Creates an object's `ObjectCore` (ungated transfers on, as `object::create_*` leaves it). */
export function createObject(ctx: NativeContext, address: LongAddress, owner: LongAddress): void {
  if (readObjectCore(ctx, address) !== null) abort(OBJECT, objectErrors.exists);
  const core = objectCoreValue(address, owner);
  ctx.write(resourceKey(address, OBJECT_CORE), {
    ...core,
    data: { ...core.data, allow_ungated_transfer: true },
  });
}

/** Moves an object to `to`, emitting `0x1::object::Transfer` (nothing when it already is there). */
export function moveObject(ctx: NativeContext, address: LongAddress, to: LongAddress): void {
  const core = readObjectCore(ctx, address);
  if (core === null) abort(OBJECT, objectErrors.missing);
  const from = objectOwner(core);
  if (from === to) return;
  ctx.emit('0x1::object::Transfer', {
    object: shortAddress(address),
    from: shortAddress(from),
    to: shortAddress(to),
  });
  ctx.write(resourceKey(address, OBJECT_CORE), {
    ...core,
    data: { ...core.data, owner: shortAddress(to) },
  });
}

/**
 * `object::transfer` by its owner (`transfer_raw`): `verify_ungated_and_descendant`, then the move.
 * Native entry calls and bytecode (through `framework/vmBridge.ts`) both run this.
 */
export function transferObject(
  ctx: NativeContext,
  owner: LongAddress,
  address: LongAddress,
  to: LongAddress,
): void {
  ctx.charge(450_000);
  verifyUngatedAndDescendant(ctx, owner, address);
  moveObject(ctx, address, to);
}

/**
 * As `object.move`: the object exists and allows ungated transfers, and so does every object on
 * the ownership chain up to `owner`, at most `MAXIMUM_OBJECT_NESTING` levels; an owner that is not
 * an object before `owner` is reached is `ENOT_OBJECT_OWNER`.
 */
function verifyUngatedAndDescendant(
  ctx: NativeContext,
  owner: LongAddress,
  destination: LongAddress,
): void {
  const core = readObjectCore(ctx, destination);
  if (core === null) abort(OBJECT, objectErrors.missing);
  if (core.data.allow_ungated_transfer !== true) abort(OBJECT, objectErrors.ungated);
  let current = objectOwner(core);
  for (let count = 1; current !== owner; count += 1) {
    if (count >= MAXIMUM_OBJECT_NESTING) abort(OBJECT, objectErrors.nesting);
    const parent = readObjectCore(ctx, current);
    if (parent === null) abort(OBJECT, objectErrors.notOwner);
    if (parent.data.allow_ungated_transfer !== true) abort(OBJECT, objectErrors.ungated);
    current = objectOwner(parent);
  }
}

/** Deletes an object's `ObjectCore` (a `DeleteRef`). */
export function deleteObject(ctx: NativeContext, address: LongAddress): void {
  ctx.write(resourceKey(address, OBJECT_CORE), null);
}
