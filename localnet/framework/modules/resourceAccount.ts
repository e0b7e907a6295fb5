import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { Ref } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import { APTOS_COIN_TYPE, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import {
  abortIn,
  readResource,
  removeResource,
  signerAddress,
  ty,
  updateResource,
  writeResource,
} from '../vmState.ts';
import { createResourceAccount, rotateInternal } from './account/lifecycle.ts';
import { publishAs } from './code.ts';

const CONTAINER = '0x1::resource_account::Container';
const MODULE = '0x1::resource_account';
const ZERO_AUTH_KEY: number[] = new Array<number>(32).fill(0);

const bytes = (v: Value | undefined): number[] => must(v) as number[];
/** A `Container`'s `SimpleMap` entries: `[resource address, SignerCapability]`. */
const entriesOf = (container: Value[]): Value[][] => (container[0] as Value[])[0] as Value[][];

/**
 * `rotate_account_authentication_key_and_store_capability`: the capability goes into the origin's
 * `Container` (created when missing; `simple_map::EKEY_ALREADY_EXISTS` for a second one), the
 * resource account's key becomes `optional_auth_key`, or the origin's when that is empty.
 */
function storeCapability(
  host: NativeHost,
  origin: LongAddress,
  resource: LongAddress,
  capability: Value,
  authKey: number[],
): void {
  if (readResource(host, origin, CONTAINER) === undefined)
    writeResource(host, origin, CONTAINER, [[[]]]);
  updateResource(host, origin, CONTAINER, (container) => {
    const entries = entriesOf(container);
    if (entries.some(([address]) => address === resource)) {
      abortIn('0x1::simple_map', 0x10001n, 'EKEY_ALREADY_EXISTS', 'Map key already exists');
    }
    entries.push([resource, capability]);
  });
  const key =
    authKey.length === 0
      ? (host.call(
          FRAMEWORK_ADDRESS,
          'account',
          'get_authentication_key',
          [],
          [origin],
        )[0] as number[])
      : authKey;
  rotateInternal(host, resource, key);
}

/** `retrieve_resource_account_cap`: the capability out of the source's `Container`, the key zeroed. */
function retrieveCapability(host: NativeHost, resource: LongAddress, source: LongAddress): Value {
  if (readResource(host, source, CONTAINER) === undefined) {
    abortIn(
      MODULE,
      0x60001n,
      'ECONTAINER_NOT_PUBLISHED',
      'Container resource not found in account',
    );
  }
  const [capability, empty] = updateResource(host, source, CONTAINER, (container) => {
    const entries = entriesOf(container);
    const index = entries.findIndex(([address]) => address === resource);
    if (index < 0) {
      abortIn(
        MODULE,
        0x10002n,
        'EUNAUTHORIZED_NOT_OWNER',
        'The resource account was not created by the specified source account',
      );
    }
    // `simple_map::remove` swaps the last entry into the removed one's place.
    const last = entries.pop() as Value[];
    const removed = index === entries.length ? last : (entries[index] as Value[]);
    if (index < entries.length) entries[index] = last;
    return [removed[1] as Value, entries.length === 0] as const;
  });
  if (empty) removeResource(host, source, CONTAINER);
  rotateInternal(host, resource, ZERO_AUTH_KEY);
  return capability;
}

/**
 * `0x1::resource_account` on the VM's own values: resource accounts whose `SignerCapability`
 * waits in the origin's `Container` until the account's package (`init_module`) retrieves it.
 */
export const resourceAccountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'resource_account',
  friends: [],
  structs: [
    struct(
      'Container',
      ['key'],
      [['store', '0x1::simple_map::SimpleMap<address, 0x1::account::SignerCapability>']],
    ),
  ],
  functions: [
    fn(
      'create_resource_account',
      { params: ['&signer', 'vector<u8>', 'vector<u8>'], isEntry: true },
      (host, _t, [origin, seed, authKey]) => {
        const from = signerAddress(must(origin));
        const [resource, capability] = createResourceAccount(host, from, bytes(seed));
        storeCapability(host, from, resource, capability, bytes(authKey));
        return [];
      },
    ),
    fn(
      'create_resource_account_and_fund',
      { params: ['&signer', 'vector<u8>', 'vector<u8>', 'u64'], isEntry: true },
      (host, _t, [origin, seed, authKey, amount]) => {
        const from = signerAddress(must(origin));
        const [resource, capability] = createResourceAccount(host, from, bytes(seed));
        const apt = [ty(APTOS_COIN_TYPE)];
        host.call(FRAMEWORK_ADDRESS, 'coin', 'register', apt, [new Ref([resource], 0)]);
        host.call(FRAMEWORK_ADDRESS, 'coin', 'transfer', apt, [
          new Ref([from], 0),
          resource,
          must(amount),
        ]);
        storeCapability(host, from, resource, capability, bytes(authKey));
        return [];
      },
    ),
    fn(
      'create_resource_account_and_publish_package',
      { params: ['&signer', 'vector<u8>', 'vector<u8>', 'vector<vector<u8>>'], isEntry: true },
      (host, _t, [origin, seed, metadata, code]) => {
        const from = signerAddress(must(origin));
        const [resource, capability] = createResourceAccount(host, from, bytes(seed));
        const init = publishAs(
          host,
          resource,
          Uint8Array.from(bytes(metadata)),
          (must(code) as number[][]).map((module) => Uint8Array.from(module)),
        );
        storeCapability(host, from, resource, capability, ZERO_AUTH_KEY);
        // `init_module` runs after the entry function, as a node runs it: the capability is stored.
        init();
        return [];
      },
    ),
    fn(
      'retrieve_resource_account_cap',
      { params: ['&signer', 'address'], returns: ['0x1::account::SignerCapability'] },
      (host, _t, [resource, source]) => [
        retrieveCapability(host, signerAddress(must(resource)), source as LongAddress),
      ],
    ),
  ],
};
