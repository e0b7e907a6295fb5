/**
 * `0x1::object`'s constructors, refs and GUIDs on the VM's own values (`object.move`): the
 * `create_*` variants, what a `ConstructorRef` generates, `DeleteRef`/`ExtendRef` and the object's
 * GUIDs and event handles. The `ObjectCore` itself is written by `framework/objects.ts`'
 * `createObject`, the one place objects are created.
 */
import type { LongAddress } from '../../../encoding.ts';
import { concatBytes, fromHex, must, sha3, toHex, uintLe } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import type { NativeFunction } from '../../context.ts';
import { fn } from '../../abi.ts';
import { accountGuid } from '../account/shared.ts';
import { createObject, namedObjectAddress } from '../../objects.ts';
import {
  fieldsOf,
  objectAddress,
  removeResource,
  resourceExists,
  signerAddress,
  updateResource,
} from '../../vmState.ts';
import {
  addressToObject,
  assertTransferable,
  CORE,
  fail,
  OBJECT_CORE,
  UNTRANSFERABLE,
} from './shared.ts';
import { transferWithRef } from './transfer.ts';

const CONSTRUCTOR_REF = '0x1::object::ConstructorRef';
const REF = (name: string) => `&0x1::object::${name}`;
const OBJECT_T = '0x1::object::Object<T0>';
const GUID = '0x1::guid::GUID';

/** Address schemes of `object.move`. */
const DERIVE_AUID_ADDRESS_SCHEME = 0xfb;
const OBJECT_DERIVED_SCHEME = 0xfc;
const OBJECT_FROM_GUID_ADDRESS_SCHEME = 0xfd;

/** `guid::create(addr, &mut creation_num)`: `GUID { id: ID { creation_num, addr } }`. */
export const guidValue = (creationNum: bigint, address: LongAddress): Value => [
  [creationNum, address],
];

const guidCreationNum = (guid: Value): bigint => (fieldsOf(guid)[0] as Value[])[0] as bigint;

/** sha3(bcs(GUID) ‖ 0xFD): `create_guid_object_address` and `create_object_from_guid`. */
const guidObjectAddress = (address: LongAddress, creationNum: bigint): LongAddress =>
  toHex(
    sha3(
      concatBytes([uintLe(creationNum, 8), fromHex(address)]),
      Uint8Array.of(OBJECT_FROM_GUID_ADDRESS_SCHEME),
    ),
  ) as LongAddress;

/** `create_object_internal`: the `ObjectCore` (`EOBJECT_EXISTS` when taken) and its `ConstructorRef`. */
function createInternal(
  host: NativeHost,
  creator: LongAddress,
  address: LongAddress,
  canDelete: boolean,
): Value[] {
  createObject(host.session.ctx, address, creator);
  return [[address, canDelete]];
}

/** `object::create_guid(&signer)`: the object's next GUID (`MISSING_DATA` when not an object). */
function objectGuid(host: NativeHost, address: LongAddress): Value {
  return updateResource(host, address, OBJECT_CORE, (core) => {
    const creationNum = core[CORE.guidCreationNum] as bigint;
    core[CORE.guidCreationNum] = creationNum + 1n;
    return guidValue(creationNum, address);
  });
}

const refAddress = (ref: Value | undefined): LongAddress => fieldsOf(must(ref))[0] as LongAddress;

export const objectCreation: NativeFunction[] = [
  fn(
    'create_object_address',
    { params: ['&address', 'vector<u8>'], returns: ['address'] },
    (_h, _t, [source, seed]) => [
      namedObjectAddress(signerAddress(must(source)), Uint8Array.from(seed as number[])),
    ],
  ),
  fn(
    'create_user_derived_object_address',
    { params: ['address', 'address'], returns: ['address'] },
    (_h, _t, [source, deriveFrom]) => [
      toHex(
        sha3(
          fromHex(source as string),
          fromHex(deriveFrom as string),
          Uint8Array.of(OBJECT_DERIVED_SCHEME),
        ),
      ),
    ],
  ),
  fn(
    'create_guid_object_address',
    { params: ['address', 'u64'], returns: ['address'] },
    (_h, _t, [source, creationNum]) => [
      guidObjectAddress(source as LongAddress, creationNum as bigint),
    ],
  ),
  fn(
    'create_named_object',
    { params: ['&signer', 'vector<u8>'], returns: [CONSTRUCTOR_REF] },
    (host, _t, [creator, seed]) => {
      const owner = signerAddress(must(creator));
      const address = namedObjectAddress(owner, Uint8Array.from(seed as number[]));
      return createInternal(host, owner, address, false);
    },
  ),
  fn('create_object', { params: ['address'], returns: [CONSTRUCTOR_REF] }, (host, _t, [owner]) =>
    createInternal(
      host,
      owner as LongAddress,
      host.session.uniqueAddress(DERIVE_AUID_ADDRESS_SCHEME),
      true,
    ),
  ),
  fn(
    'create_sticky_object',
    { params: ['address'], returns: [CONSTRUCTOR_REF] },
    (host, _t, [owner]) =>
      createInternal(
        host,
        owner as LongAddress,
        host.session.uniqueAddress(DERIVE_AUID_ADDRESS_SCHEME),
        false,
      ),
  ),
  fn(
    'create_object_from_account',
    { params: ['&signer'], returns: [CONSTRUCTOR_REF] },
    (host, _t, [creator]) => {
      const owner = signerAddress(must(creator));
      const creationNum = guidCreationNum(accountGuid(host, owner));
      return createInternal(host, owner, guidObjectAddress(owner, creationNum), true);
    },
  ),
  fn(
    'create_object_from_object',
    { params: ['&signer'], returns: [CONSTRUCTOR_REF] },
    (host, _t, [creator]) => {
      const owner = signerAddress(must(creator));
      const creationNum = guidCreationNum(objectGuid(host, owner));
      return createInternal(host, owner, guidObjectAddress(owner, creationNum), true);
    },
  ),
  fn(
    'create_unique_onchain_signer',
    { params: [], returns: ['0x1::object::ExtendRef'] },
    (host) => [[host.session.uniqueAddress(DERIVE_AUID_ADDRESS_SCHEME)]],
  ),
  fn(
    'create_named_unowned_onchain_signer',
    { params: ['&signer', 'vector<u8>'], returns: ['0x1::object::ExtendRef'] },
    (host, _t, [creator, name]) => {
      const owner = signerAddress(must(creator));
      const address = namedObjectAddress(owner, Uint8Array.from(name as number[]));
      createInternal(host, owner, address, false);
      // `transfer_with_constructor_ref(@0x0)`: a linear transfer from the creator.
      assertTransferable(host, address);
      transferWithRef(host, address, owner, `0x${'0'.repeat(64)}`);
      return [[address]];
    },
  ),
  fn(
    'generate_delete_ref',
    { params: [REF('ConstructorRef')], returns: ['0x1::object::DeleteRef'] },
    (_h, _t, [ref]) => {
      const [address, canDelete] = fieldsOf(must(ref));
      if (canDelete !== true) fail.cannotDelete();
      return [[address as Value]];
    },
  ),
  fn(
    'generate_extend_ref',
    { params: [REF('ConstructorRef')], returns: ['0x1::object::ExtendRef'] },
    (_h, _t, [ref]) => [[refAddress(ref)]],
  ),
  fn(
    'generate_transfer_ref',
    { params: [REF('ConstructorRef')], returns: ['0x1::object::TransferRef'] },
    (host, _t, [ref]) => {
      assertTransferable(host, refAddress(ref));
      return [[refAddress(ref)]];
    },
  ),
  fn(
    'generate_derive_ref',
    { params: [REF('ConstructorRef')], returns: ['0x1::object::DeriveRef'] },
    (_h, _t, [ref]) => [[refAddress(ref)]],
  ),
  fn(
    'generate_signer',
    { params: [REF('ConstructorRef')], returns: ['signer'] },
    (_h, _t, [ref]) => [refAddress(ref)],
  ),
  fn(
    'address_from_constructor_ref',
    { params: [REF('ConstructorRef')], returns: ['address'] },
    (_h, _t, [ref]) => [refAddress(ref)],
  ),
  fn(
    'object_from_constructor_ref',
    { params: [REF('ConstructorRef')], returns: [OBJECT_T], typeParams: [['key']] },
    (host, [resource], [ref]) => [addressToObject(host, refAddress(ref), must(resource))],
  ),
  fn(
    'can_generate_delete_ref',
    { params: [REF('ConstructorRef')], returns: ['bool'] },
    (_h, _t, [ref]) => [fieldsOf(must(ref))[1] as Value],
  ),
  fn('create_guid', { params: ['&signer'], returns: [GUID] }, (host, _t, [object]) => [
    objectGuid(host, signerAddress(must(object))),
  ]),
  fn(
    'new_event_handle',
    {
      params: ['&signer'],
      returns: ['0x1::event::EventHandle<T0>'],
      typeParams: [['drop', 'store']],
    },
    (host, _t, [object]) => [[0n, objectGuid(host, signerAddress(must(object)))]],
  ),
  fn(
    'address_from_delete_ref',
    { params: [REF('DeleteRef')], returns: ['address'] },
    (_h, _t, [ref]) => [refAddress(ref)],
  ),
  fn(
    'object_from_delete_ref',
    { params: [REF('DeleteRef')], returns: [OBJECT_T], typeParams: [['key']] },
    (host, [resource], [ref]) => [addressToObject(host, refAddress(ref), must(resource))],
  ),
  fn('delete', { params: ['0x1::object::DeleteRef'] }, (host, _t, [ref]) => {
    const address = refAddress(ref);
    removeResource(host, address, OBJECT_CORE);
    if (resourceExists(host, address, UNTRANSFERABLE))
      removeResource(host, address, UNTRANSFERABLE);
    return [];
  }),
  fn(
    'generate_signer_for_extending',
    { params: [REF('ExtendRef')], returns: ['signer'] },
    (_h, _t, [ref]) => [refAddress(ref)],
  ),
  fn(
    'address_from_extend_ref',
    { params: [REF('ExtendRef')], returns: ['address'] },
    (_h, _t, [ref]) => [refAddress(ref)],
  ),
  fn(
    'object_address',
    { params: [`&${OBJECT_T}`], returns: ['address'], typeParams: [['key']] },
    (_h, _t, [self]) => [objectAddress(must(self))],
  ),
];
