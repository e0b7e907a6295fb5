/**
 * What the functions of `0x1::object` (`create.ts`, `transfer.ts`) share: the resource types, the
 * module's aborts with its error map's names, and the `ObjectCore` fields as VM values.
 */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Ty } from '../../../move/vm/ty.ts';
import type { Value } from '../../../move/vm/values.ts';
import { abortIn, fieldsOf, object, readResource, resourceExists } from '../../vmState.ts';

export const OBJECT = '0x1::object';
export const OBJECT_CORE = '0x1::object::ObjectCore';
export const TOMBSTONE = '0x1::object::TombStone';
export const UNTRANSFERABLE = '0x1::object::Untransferable';
export const TRANSFER_EVENT = '0x1::object::Transfer';
export const BURN_ADDRESS = `0x${'f'.repeat(64)}` as LongAddress;
/** `MAXIMUM_OBJECT_NESTING`: the longest ownership chain `owns` walks. */
export const MAXIMUM_OBJECT_NESTING = 8;

/** `ObjectCore`'s fields in order. */
export const CORE = { guidCreationNum: 0, owner: 1, allowUngatedTransfer: 2 } as const;

/** `object.move`'s aborts: `error::<category>(E…)` with the error map's name and doc. */
export const fail = {
  missing: (): never =>
    abortIn(OBJECT, 0x60002n, 'EOBJECT_DOES_NOT_EXIST', 'An object does not exist at this address'),
  notOwner: (): never =>
    abortIn(
      OBJECT,
      0x50004n,
      'ENOT_OBJECT_OWNER',
      'The caller does not have ownership permissions',
    ),
  cannotDelete: (): never =>
    abortIn(OBJECT, 0x50005n, 'ECANNOT_DELETE', 'The object does not allow for deletion'),
  nesting: (): never =>
    abortIn(
      OBJECT,
      0x20006n,
      'EMAXIMUM_NESTING',
      'Exceeds maximum nesting for an object transfer.',
    ),
  resourceMissing: (): never =>
    abortIn(
      OBJECT,
      0x60007n,
      'ERESOURCE_DOES_NOT_EXIST',
      'The resource is not stored at the specified address.',
    ),
  notBurnt: (): never =>
    abortIn(OBJECT, 0x10008n, 'EOBJECT_NOT_BURNT', "Cannot reclaim objects that weren't burnt."),
  untransferable: (): never =>
    abortIn(
      OBJECT,
      0x50009n,
      'EOBJECT_NOT_TRANSFERRABLE',
      'Object is untransferable any operations that might result in a transfer are disallowed.',
    ),
  alreadyBurnt: (): never =>
    abortIn(OBJECT, 10n, 'EOBJECT_ALREADY_BURNT', 'Cannot burn an object that is already burnt.'),
  permissionedSignerRemoved: (): never =>
    abortIn(
      OBJECT,
      0xd000cn,
      'EPERMISSIONED_SIGNER_REMOVED',
      'The permissioned signer feature has been removed.',
    ),
};

/** The `ObjectCore` at `address` (its fields), or `EOBJECT_DOES_NOT_EXIST`. */
export function coreOf(host: NativeHost, address: LongAddress): Value[] {
  const core = readResource(host, address, OBJECT_CORE);
  return core === undefined ? fail.missing() : fieldsOf(core);
}

/** `object::owner`: the owner of the object at `address`, or `EOBJECT_DOES_NOT_EXIST`. */
export const ownerOf = (host: NativeHost, address: LongAddress): LongAddress =>
  coreOf(host, address)[CORE.owner] as LongAddress;

export const isObject = (host: NativeHost, address: LongAddress): boolean =>
  resourceExists(host, address, OBJECT_CORE);

/** `assert!(!exists<Untransferable>(…), error::permission_denied(EOBJECT_NOT_TRANSFERRABLE))`. */
export function assertTransferable(host: NativeHost, address: LongAddress): void {
  if (resourceExists(host, address, UNTRANSFERABLE)) fail.untransferable();
}

/** `address_to_object<T>`: `Object<T>` when the object exists and holds a `T`. */
export function addressToObject(host: NativeHost, address: LongAddress, resource: Ty): Value {
  if (!isObject(host, address)) fail.missing();
  if (!resourceExists(host, address, resource)) fail.resourceMissing();
  return object(address);
}
