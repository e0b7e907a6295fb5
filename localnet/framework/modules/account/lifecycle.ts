/**
 * `0x1::account`'s accounts, resource accounts, signer capabilities and GUIDs on the VM's own
 * values (`account.move`), with the `default_account_resource` feature read from state as the
 * framework does (devnet has it on: any address is an account, its `Account` created on first use).
 */
import type { LongAddress } from '../../../encoding.ts';
import { fromHex, must, sha3, toHex } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { tableKey } from '../../../storage/types.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import { ORIGINATING_ADDRESS_HANDLE } from '../../genesis.ts';
import {
  none,
  optionValue,
  readResource,
  resourceExists,
  signerAddress,
  some,
  updateResource,
} from '../../vmState.ts';
import {
  ACCOUNT,
  accountAbort,
  createAccountIfMissing,
  accountExists,
  accountGuid,
  defaultAccountResource,
  ensureAccountResource,
  FIELD,
} from './shared.ts';

const SIGNER_CAPABILITY = '0x1::account::SignerCapability';
/** `DERIVE_RESOURCE_ACCOUNT_SCHEME`. */
const RESOURCE_ACCOUNT_SCHEME = 0xff;
const ZERO_AUTH_KEY: number[] = new Array<number>(32).fill(0);
const ENCRYPTED_DK = '0x1::account::EncryptedDK';

const bytes = (v: Value | undefined): number[] => must(v) as number[];

/** `create_resource_address(&source, seed)`: sha3(source ‖ seed ‖ 0xFF). */
export const resourceAddress = (source: LongAddress, seed: number[]): LongAddress =>
  toHex(
    sha3(fromHex(source), Uint8Array.from(seed), Uint8Array.of(RESOURCE_ACCOUNT_SCHEME)),
  ) as LongAddress;

/** `rotate_authentication_key_internal`: the key must be 32 bytes; no event, no table update. */
export function rotateInternal(host: NativeHost, address: LongAddress, key: number[]): void {
  ensureAccountResource(host, address);
  if (key.length !== 32) accountAbort('invalidArgument', 'EMALFORMED_AUTHENTICATION_KEY');
  updateResource(host, address, ACCOUNT, (account) => {
    account[FIELD.authenticationKey] = key;
  });
}

/**
 * `create_resource_account(source, seed)`: the account at the derived address (an unused one may be
 * taken over), its auth key zeroed, its signer capability offered to itself; returns the signer
 * and the `SignerCapability`.
 */
export function createResourceAccount(
  host: NativeHost,
  source: LongAddress,
  seed: number[],
): [LongAddress, Value] {
  const address = resourceAddress(source, seed);
  if (accountExists(host, address)) {
    const account = must(readResource(host, address, ACCOUNT)) as Value[];
    if (optionValue((account[FIELD.signerCapabilityOffer] as Value[])[0] as Value) !== undefined)
      accountAbort('alreadyExists', 'ERESOURCE_ACCCOUNT_EXISTS');
    if (account[FIELD.sequenceNumber] !== 0n) accountAbort('invalidState', 'EACCOUNT_ALREADY_USED');
  } else if (!defaultAccountResource(host)) {
    createAccountIfMissing(host, address);
  }
  rotateInternal(host, address, ZERO_AUTH_KEY);
  updateResource(host, address, ACCOUNT, (account) => {
    (account[FIELD.signerCapabilityOffer] as Value[])[0] = some(address);
  });
  return [address, [address]];
}

/** `exists_at` with the feature on: every address. */
const existsAt = (host: NativeHost, address: LongAddress): boolean =>
  defaultAccountResource(host) || accountExists(host, address);

/** `get_sequence_number` / `get_authentication_key`: the `Account`'s, else the feature's default. */
function accountField(
  host: NativeHost,
  address: LongAddress,
  field: number,
  fallback: Value,
): Value {
  const account = readResource(host, address, ACCOUNT) as Value[] | undefined;
  if (account !== undefined) return account[field] as Value;
  return defaultAccountResource(host)
    ? fallback
    : accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
}

export const accountLifecycle: NativeFunction[] = [
  fn(
    'get_sequence_number',
    { params: ['address'], returns: ['u64'], isView: true },
    (host, _t, [address]) => [accountField(host, address as LongAddress, FIELD.sequenceNumber, 0n)],
  ),
  fn(
    'get_authentication_key',
    { params: ['address'], returns: ['vector<u8>'], isView: true },
    (host, _t, [address]) => [
      accountField(
        host,
        address as LongAddress,
        FIELD.authenticationKey,
        Array.from(fromHex(address as string)),
      ),
    ],
  ),
  fn('exists_at', { params: ['address'], returns: ['bool'], isView: true }, (host, _t, [a]) => [
    existsAt(host, a as LongAddress),
  ]),
  fn('create_account_if_does_not_exist', { params: ['address'] }, (host, _t, [address]) => {
    createAccountIfMissing(host, address as LongAddress);
    return [];
  }),
  fn(
    'get_guid_next_creation_num',
    { params: ['address'], returns: ['u64'], isView: true },
    (host, _t, [address]) => {
      const account = readResource(host, address as LongAddress, ACCOUNT) as Value[] | undefined;
      if (account !== undefined) return [account[FIELD.guidCreationNum] as Value];
      if (defaultAccountResource(host)) return [0n];
      return accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
    },
  ),
  fn(
    'originating_address',
    { params: ['address'], returns: ['0x1::option::Option<address>'], isView: true },
    (host, _t, [authKey]) => {
      const item = host.session.ctx.get(tableKey(ORIGINATING_ADDRESS_HANDLE, authKey as string));
      return [item !== null && item.kind === 'table_item' ? some(item.value) : none()];
    },
  ),
  fn(
    'create_resource_address',
    { params: ['&address', 'vector<u8>'], returns: ['address'] },
    (_h, _t, [source, seed]) => [resourceAddress(signerAddress(must(source)), bytes(seed))],
  ),
  fn(
    'create_resource_account',
    { params: ['&signer', 'vector<u8>'], returns: ['signer', SIGNER_CAPABILITY] },
    (host, _t, [source, seed]) =>
      createResourceAccount(host, signerAddress(must(source)), bytes(seed)),
  ),
  fn(
    'create_signer_with_capability',
    { params: [`&${SIGNER_CAPABILITY}`], returns: ['signer'] },
    (_h, _t, [capability]) => [signerAddress(must(capability))[0] as Value],
  ),
  fn(
    'get_signer_capability_address',
    { params: [`&${SIGNER_CAPABILITY}`], returns: ['address'] },
    (_h, _t, [capability]) => [signerAddress(must(capability))[0] as Value],
  ),
  fn('create_guid', { params: ['&signer'], returns: ['0x1::guid::GUID'] }, (host, _t, [s]) => [
    accountGuid(host, signerAddress(must(s))),
  ]),
  fn(
    'new_event_handle',
    {
      params: ['&signer'],
      returns: ['0x1::event::EventHandle<T0>'],
      typeParams: [['drop', 'store']],
    },
    (host, _t, [s]) => [[0n, accountGuid(host, signerAddress(must(s)))]],
  ),
  fn(
    'rotate_authentication_key_call',
    { params: ['&signer', 'vector<u8>'], isEntry: true, visibility: 'private' },
    (host, _t, [s, key]) => {
      rotateInternal(host, signerAddress(must(s)), bytes(key));
      return [];
    },
  ),
  fn('set_originating_address', { params: ['&signer'], isEntry: true, visibility: 'private' }, () =>
    accountAbort('invalidState', 'ESET_ORIGINATING_ADDRESS_DISABLED'),
  ),
  fn(
    'encrypted_dk_exists',
    { params: ['address'], returns: ['bool'], isView: true },
    (host, _t, [address]) => [resourceExists(host, address as LongAddress, ENCRYPTED_DK)],
  ),
  fn(
    'get_encrypted_dk',
    { params: ['address'], returns: [ENCRYPTED_DK], isView: true },
    (host, _t, [address]) => {
      const dk = readResource(host, address as LongAddress, ENCRYPTED_DK);
      return [dk ?? accountAbort('notFound', 'EENCRYPTED_DK_NOT_FOUND')];
    },
  ),
  fn('grant_key_rotation_permission', { params: ['&signer', '&signer'] }, () =>
    accountAbort('unavailable', 'EPERMISSIONED_SIGNER_REMOVED'),
  ),
  fn('grant_key_offering_permission', { params: ['&signer', '&signer'] }, () =>
    accountAbort('unavailable', 'EPERMISSIONED_SIGNER_REMOVED'),
  ),
];
