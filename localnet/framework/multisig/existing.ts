/**
 * multisig_account's create_with_existing_account(_and_revoke_auth_key) on the VM's own values, as
 * multisig_account.move writes them: the account's key signs a MultisigAccountCreation(…)Message
 * (chain id, address, sequence number, owners, threshold), verified through
 * account::verify_signed_message as the Move code does, then create_with_owners_internal on it.
 */
import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS, readAccount } from '../assets.ts';
import type { NativeFunction, StructAbi } from '../context.ts';
import { textOf, ty } from '../vmState.ts';
import { installMultisig, ZERO_AUTH_KEY } from './accounts.ts';

const MESSAGE = '0x1::multisig_account::MultisigAccountCreationMessage';
const REVOKING = '0x1::multisig_account::MultisigAccountCreationWithAuthKeyRevocationMessage';
const MESSAGE_FIELDS: Array<[string, string]> = [
  ['chain_id', 'u8'],
  ['account_address', 'address'],
  ['sequence_number', 'u64'],
  ['owners', 'vector<address>'],
  ['num_signatures_required', 'u64'],
];
export const CREATION_MESSAGES: StructAbi[] = [
  struct('MultisigAccountCreationMessage', ['copy', 'drop'], MESSAGE_FIELDS),
  struct('MultisigAccountCreationWithAuthKeyRevocationMessage', ['copy', 'drop'], MESSAGE_FIELDS),
];

const call = (host: NativeHost, module: string, name: string, args: Value[]) =>
  host.call(FRAMEWORK_ADDRESS, module, name, [], args)[0] as Value;

function createWithExisting(host: NativeHost, args: Value[], revoke: boolean): Value[] {
  const [multisig, owners, required, scheme, key, signature, keys, values] = args.map((arg) =>
    must(arg),
  );
  const address = multisig as LongAddress;
  const message = [
    call(host, 'chain_id', 'get', []),
    address,
    call(host, 'account', 'get_sequence_number', [address]),
    owners as Value,
    required as Value,
  ];
  host.call(
    FRAMEWORK_ADDRESS,
    'account',
    'verify_signed_message',
    [ty(revoke ? REVOKING : MESSAGE)],
    [address, scheme as Value, key as Value, signature as Value, message],
  );
  const ctx = host.session.ctx;
  installMultisig(
    ctx,
    address,
    readAccount(ctx, address),
    owners as LongAddress[],
    required as bigint,
    (keys as Value[]).map(textOf),
    (values as number[][]).map((bytes) => Uint8Array.from(bytes)),
    revoke
      ? { authenticationKey: ZERO_AUTH_KEY, revokeOffers: true, signerCap: false }
      : { signerCap: false },
  );
  return [];
}

const PARAMS = [
  'address',
  'vector<address>',
  'u64',
  'u8',
  'vector<u8>',
  'vector<u8>',
  'vector<0x1::string::String>',
  'vector<vector<u8>>',
];
export const CREATE_WITH_EXISTING: NativeFunction[] = [
  fn('create_with_existing_account', { params: PARAMS, isEntry: true }, (host, _t, args) =>
    createWithExisting(host, args, false),
  ),
  fn(
    'create_with_existing_account_and_revoke_auth_key',
    { params: PARAMS, isEntry: true },
    (host, _t, args) => createWithExisting(host, args, true),
  ),
];
