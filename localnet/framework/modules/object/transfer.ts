/**
 * `0x1::object`'s ownership on the VM's own values (`object.move`): transfers (ungated by the owner
 * through `framework/objects.ts`' `transferObject`, the one place for those rules; gated through a
 * `TransferRef`/`LinearTransferRef`), burning, and the ownership queries.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import { vmError } from '../../../move/vm/errors.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import type { NativeFunction } from '../../context.ts';
import { fn } from '../../abi.ts';
import { moveObject, transferObject } from '../../objects.ts';
import {
  emitEvent,
  fieldsOf,
  objectAddress,
  removeResource,
  resourceExists,
  signerAddress,
  updateResource,
  writeResource,
} from '../../vmState.ts';
import {
  addressToObject,
  assertTransferable,
  BURN_ADDRESS,
  CORE,
  coreOf,
  fail,
  isObject,
  MAXIMUM_OBJECT_NESTING,
  OBJECT_CORE,
  ownerOf,
  TOMBSTONE,
  TRANSFER_EVENT,
  UNTRANSFERABLE,
} from './shared.ts';

const OBJECT_T = '0x1::object::Object<T0>';
const TRANSFER_REF = '&0x1::object::TransferRef';
const KEY = ['key'];

/**
 * `transfer_with_ref(LinearTransferRef { self, owner }, to)` after its `Untransferable` check: a
 * burnt object is un-burnt, the owner must still be `owner`, and `Transfer` is emitted even when
 * `to` already owns it.
 */
export function transferWithRef(
  host: NativeHost,
  address: LongAddress,
  owner: LongAddress,
  to: LongAddress,
): void {
  if (resourceExists(host, address, TOMBSTONE)) removeResource(host, address, TOMBSTONE);
  updateResource(host, address, OBJECT_CORE, (core) => {
    if (core[CORE.owner] !== owner) fail.notOwner();
    emitEvent(host, TRANSFER_EVENT, [address, owner, to]);
    core[CORE.owner] = to;
  });
}

/** `transfer_raw`: ungated, by the owner or an owner up the chain. */
function transferRaw(host: NativeHost, owner: Value, object: LongAddress, to: LongAddress) {
  transferObject(host.session.ctx, signerAddress(owner), object, to);
  return [];
}

/** `owns`: `owner` is the object itself or on its ownership chain (at most 8 levels). */
function owns(host: NativeHost, address: LongAddress, owner: LongAddress): boolean {
  if (!isObject(host, address)) fail.missing();
  if (address === owner) return true;
  let current = ownerOf(host, address);
  for (let count = 1; current !== owner; count += 1) {
    if (count >= MAXIMUM_OBJECT_NESTING) fail.nesting();
    if (!isObject(host, current)) return false;
    current = ownerOf(host, current);
  }
  return true;
}

/** `unburn`: the current owner removes the tombstone; from the burn address, the original owner reclaims. */
function unburn(host: NativeHost, signer: LongAddress, address: LongAddress): void {
  if (!resourceExists(host, address, TOMBSTONE)) fail.notBurnt();
  const owner = coreOf(host, address)[CORE.owner] as LongAddress;
  if (owner === signer) {
    removeResource(host, address, TOMBSTONE);
  } else if (owner === BURN_ADDRESS) {
    const [original] = fieldsOf(removeResource(host, address, TOMBSTONE));
    if (original !== signer) fail.notOwner();
    moveObject(host.session.ctx, address, signer);
  } else {
    fail.notOwner();
  }
}

function setUngated(host: NativeHost, ref: Value | undefined, allow: boolean): Value[] {
  const address = fieldsOf(must(ref))[0] as LongAddress;
  if (allow) assertTransferable(host, address);
  updateResource(host, address, OBJECT_CORE, (core) => {
    core[CORE.allowUngatedTransfer] = allow;
  });
  return [];
}

export const objectTransfer: NativeFunction[] = [
  fn(
    'transfer_with_constructor_ref',
    { params: ['&0x1::object::ConstructorRef', 'address'] },
    (host, _t, [ref, to]) => {
      const address = fieldsOf(must(ref))[0] as LongAddress;
      assertTransferable(host, address);
      transferWithRef(host, address, ownerOf(host, address), to as LongAddress);
      return [];
    },
  ),
  fn('disable_ungated_transfer', { params: [TRANSFER_REF] }, (host, _t, [ref]) =>
    setUngated(host, ref, false),
  ),
  fn('enable_ungated_transfer', { params: [TRANSFER_REF] }, (host, _t, [ref]) =>
    setUngated(host, ref, true),
  ),
  fn('set_untransferable', { params: ['&0x1::object::ConstructorRef'] }, (host, _t, [ref]) => {
    const address = fieldsOf(must(ref))[0] as LongAddress;
    updateResource(host, address, OBJECT_CORE, (core) => {
      core[CORE.allowUngatedTransfer] = false;
    });
    if (resourceExists(host, address, UNTRANSFERABLE)) throw vmError('RESOURCE_ALREADY_EXISTS');
    writeResource(host, address, UNTRANSFERABLE, [false]);
    return [];
  }),
  fn(
    'generate_linear_transfer_ref',
    { params: [TRANSFER_REF], returns: ['0x1::object::LinearTransferRef'] },
    (host, _t, [ref]) => {
      const address = fieldsOf(must(ref))[0] as LongAddress;
      assertTransferable(host, address);
      return [[address, ownerOf(host, address)]];
    },
  ),
  fn(
    'transfer_with_ref',
    { params: ['0x1::object::LinearTransferRef', 'address'] },
    (host, _t, [ref, to]) => {
      const [address, owner] = fieldsOf(must(ref)) as [LongAddress, LongAddress];
      assertTransferable(host, address);
      transferWithRef(host, address, owner, to as LongAddress);
      return [];
    },
  ),
  fn(
    'transfer_call',
    { params: ['&signer', 'address', 'address'], isEntry: true },
    (host, _t, [owner, object, to]) =>
      transferRaw(host, must(owner), object as LongAddress, to as LongAddress),
  ),
  fn(
    'transfer',
    { params: ['&signer', OBJECT_T, 'address'], typeParams: [KEY], isEntry: true },
    (host, _t, [owner, object, to]) =>
      transferRaw(host, must(owner), objectAddress(must(object)), to as LongAddress),
  ),
  fn(
    'transfer_raw',
    { params: ['&signer', 'address', 'address'] },
    (host, _t, [owner, object, to]) =>
      transferRaw(host, must(owner), object as LongAddress, to as LongAddress),
  ),
  fn(
    'transfer_to_object',
    {
      params: ['&signer', OBJECT_T, '0x1::object::Object<T1>'],
      typeParams: [KEY, KEY],
      isEntry: true,
    },
    (host, _t, [owner, object, to]) =>
      transferRaw(host, must(owner), objectAddress(must(object)), objectAddress(must(to))),
  ),
  fn(
    'burn',
    { params: ['&signer', OBJECT_T], typeParams: [KEY], isEntry: true },
    (host, _t, [owner, self]) => {
      const original = signerAddress(must(owner));
      const address = objectAddress(must(self));
      if (ownerOf(host, address) !== original) fail.notOwner();
      if (resourceExists(host, address, TOMBSTONE)) fail.alreadyBurnt();
      writeResource(host, address, TOMBSTONE, [original]);
      return [];
    },
  ),
  fn(
    'unburn',
    { params: ['&signer', OBJECT_T], typeParams: [KEY], isEntry: true },
    (host, _t, [owner, self]) => {
      unburn(host, signerAddress(must(owner)), objectAddress(must(self)));
      return [];
    },
  ),
  fn(
    'ungated_transfer_allowed',
    { params: [OBJECT_T], returns: ['bool'], typeParams: [KEY] },
    (host, _t, [self]) => [
      coreOf(host, objectAddress(must(self)))[CORE.allowUngatedTransfer] as Value,
    ],
  ),
  fn(
    'owner',
    { params: [OBJECT_T], returns: ['address'], typeParams: [KEY], isView: true },
    (host, _t, [self]) => [ownerOf(host, objectAddress(must(self)))],
  ),
  fn(
    'is_owner',
    { params: [OBJECT_T, 'address'], returns: ['bool'], typeParams: [KEY], isView: true },
    (host, _t, [self, owner]) => [ownerOf(host, objectAddress(must(self))) === owner],
  ),
  fn(
    'owns',
    { params: [OBJECT_T, 'address'], returns: ['bool'], typeParams: [KEY], isView: true },
    (host, _t, [self, owner]) => [owns(host, objectAddress(must(self)), owner as LongAddress)],
  ),
  fn(
    'root_owner',
    { params: [OBJECT_T], returns: ['address'], typeParams: [KEY], isView: true },
    (host, _t, [self]) => {
      let owner = ownerOf(host, objectAddress(must(self)));
      while (isObject(host, owner)) owner = ownerOf(host, owner);
      return [owner];
    },
  ),
  fn(
    'is_untransferable',
    { params: [OBJECT_T], returns: ['bool'], typeParams: [KEY], isView: true },
    (host, _t, [self]) => [resourceExists(host, objectAddress(must(self)), UNTRANSFERABLE)],
  ),
  fn(
    'is_burnt',
    { params: [OBJECT_T], returns: ['bool'], typeParams: [KEY], isView: true },
    (host, _t, [self]) => [resourceExists(host, objectAddress(must(self)), TOMBSTONE)],
  ),
  fn('is_object', { params: ['address'], returns: ['bool'] }, (host, _t, [address]) => [
    isObject(host, address as LongAddress),
  ]),
  fn(
    'object_exists',
    { params: ['address'], returns: ['bool'], typeParams: [KEY] },
    (host, [resource], [address]) => [
      isObject(host, address as LongAddress) &&
        resourceExists(host, address as LongAddress, must(resource)),
    ],
  ),
  fn(
    'address_to_object',
    { params: ['address'], returns: [OBJECT_T], typeParams: [KEY] },
    (host, [resource], [address]) => [
      addressToObject(host, address as LongAddress, must(resource)),
    ],
  ),
  fn(
    'convert',
    { params: [OBJECT_T], returns: ['0x1::object::Object<T1>'], typeParams: [KEY, KEY] },
    (host, [, to], [self]) => [addressToObject(host, objectAddress(must(self)), must(to))],
  ),
  fn('grant_permission', { params: ['&signer', '&signer', OBJECT_T], typeParams: [[]] }, () =>
    fail.permissionedSignerRemoved(),
  ),
  fn('grant_permission_with_transfer_ref', { params: ['&signer', TRANSFER_REF] }, () =>
    fail.permissionedSignerRemoved(),
  ),
];
