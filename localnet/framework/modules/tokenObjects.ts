/**
 * What the `0x4` modules (`collection`, `token`, `royalty`, `property_map`, `aptos_token`) share:
 * their address, `0x1::object` calls as the reference source makes them (through `host.call`, so
 * `object`'s own code runs), an object's event handles, and the values they pass around
 * (`ConstructorRef`, `Option<T>`, `String`) on the VM's values.
 */
import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { Ref } from '../../move/vm/values.ts';
import type { ModuleError } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { fieldsOf, optionValue, ty } from '../vmState.ts';

/** `0x4`, the token objects framework (`aptos_token_objects`). */
export const TOKEN_OBJECTS_ADDRESS = must(parseAddress('0x4'));
const FRAMEWORK = must(parseAddress('0x1'));

export const STRING = '0x1::string::String';
export const OBJECT_T = '0x1::object::Object<T0>';
export const CONSTRUCTOR_REF = '0x1::object::ConstructorRef';
export const OPTION_ROYALTY = '0x1::option::Option<0x4::royalty::Royalty>';
export const COLLECTION_OBJECT = '0x1::object::Object<0x4::collection::Collection>';
export const KEY = [['key']];

/** A `String`'s length as `string::length` counts it: in bytes. */
export const byteLength = (s: Value): number => (fieldsOf(s)[0] as number[]).length;

/** `assert!(s.length() <= max, error::out_of_range(code))` of `module`. */
export function checkLength(module: string, s: Value, max: number, error: ModuleError): void {
  if (byteLength(s) > max) abort(module, error);
}

export const outOfRange = (reason: bigint, name: string, doc: string) =>
  moduleError(ERROR_CATEGORY.outOfRange, reason, name, doc);

/** `&signer` for an address (what a native passes to a function taking one). */
const signerRef = (address: LongAddress): Value => new Ref([address], 0);

/** `ConstructorRef { self, can_delete }`'s fields. */
export const constructorAddress = (ref: Value): LongAddress => fieldsOf(ref)[0] as LongAddress;
export const constructorCanDelete = (ref: Value): boolean => fieldsOf(ref)[1] as boolean;

/** `Option<T>`'s value as a JavaScript value (`undefined` for `none`). */
export const optional = (v: Value): Value | undefined => optionValue(v);

const callObject = (host: NativeHost, name: string, tyArgs: string[], args: Value[]): Value[] =>
  host.call(
    FRAMEWORK,
    'object',
    name,
    tyArgs.map((tag) => ty(tag)),
    args,
  );

/** `object::create_named_object(creator, seed)`. */
export const createNamedObject = (host: NativeHost, creator: LongAddress, seed: number[]): Value =>
  must(callObject(host, 'create_named_object', [], [signerRef(creator), seed])[0]);

/** `object::create_object(owner)`. */
export const createObjectOf = (host: NativeHost, owner: LongAddress): Value =>
  must(callObject(host, 'create_object', [], [owner])[0]);

/** `object::address_to_object<T>(address)`: the object, or `object`'s not-found aborts. */
export function addressToObject(host: NativeHost, address: LongAddress, type: string): Value {
  return must(callObject(host, 'address_to_object', [type], [address])[0]);
}

/** `object::owner(object)` of an `Object<T>` at `address`. */
export const objectOwnerOf = (host: NativeHost, address: LongAddress, type: string): LongAddress =>
  must(callObject(host, 'owner', [type], [[address]])[0]) as LongAddress;

/** `object::create_object_from_account(creator)`: the address from the account's next GUID. */
export const createObjectFromAccount = (host: NativeHost, creator: LongAddress): Value =>
  must(callObject(host, 'create_object_from_account', [], [signerRef(creator)])[0]);

/** `constructor_ref.generate_transfer_ref()` (`EOBJECT_NOT_TRANSFERRABLE` when untransferable). */
export const transferRefOf = (host: NativeHost, ref: Value): Value =>
  must(callObject(host, 'generate_transfer_ref', [], [new Ref([ref], 0)])[0]);

/** `enable_ungated_transfer` / `disable_ungated_transfer` through a `TransferRef`. */
export function setUngated(host: NativeHost, transferRef: Value, allow: boolean): void {
  const name = allow ? 'enable_ungated_transfer' : 'disable_ungated_transfer';
  callObject(host, name, [], [new Ref([transferRef], 0)]);
}

/** `transfer_ref.generate_linear_transfer_ref().transfer_with_ref(to)`. */
export function transferWithRef(host: NativeHost, transferRef: Value, to: LongAddress): void {
  const linear = must(
    callObject(host, 'generate_linear_transfer_ref', [], [new Ref([transferRef], 0)])[0],
  );
  callObject(host, 'transfer_with_ref', [], [linear, to]);
}

/** `object::delete(delete_ref)`. */
export const deleteObject = (host: NativeHost, deleteRef: Value): void => {
  callObject(host, 'delete', [], [deleteRef]);
};

/** `object::new_event_handle<T>(&object_signer)`: a handle on the object's next GUID. */
export const objectEventHandle = (host: NativeHost, address: LongAddress, event: string): Value =>
  must(callObject(host, 'new_event_handle', [event], [signerRef(address)])[0]);

/** `features::is_collection_owner_enabled()`, as the `_as_owner` functions ask it first. */
export function requireCollectionOwner(host: NativeHost, module: string, reason: bigint): void {
  const [enabled] = host.call(FRAMEWORK, 'features', 'is_collection_owner_enabled', [], []);
  if (enabled !== true) {
    abort(
      module,
      moduleError(
        0xdn,
        reason,
        'ECOLLECTION_OWNER_NOT_SUPPORTED',
        'The collection owner feature is not supported',
      ),
    );
  }
}
