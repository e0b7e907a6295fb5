/**
 * `0x1::account`'s key rotations on the VM's own values that have no older native entry: through a
 * rotation capability offered by another account, and the Ed25519 backup key of a keyless account
 * (`account.move`). Proofs are checked by calling `0x1::ed25519` / `multi_ed25519`.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must, sha3, shortAddress, toHex } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import type { TableItemValue } from '../../../storage/types.ts';
import { tableKey } from '../../../storage/types.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import { ORIGINATING_ADDRESS_HANDLE } from '../../genesis.ts';
import {
  abortIn,
  emitEvent,
  optionValue,
  readResource,
  signerAddress,
  ty,
  updateResource,
  writeResource,
} from '../../vmState.ts';
import { rotateInternal } from './lifecycle.ts';
import { ACCOUNT, accountAbort, accountExists, ensureAccountResource, FIELD } from './shared.ts';

const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
const ROTATION_PROOF_CHALLENGE = ty('0x1::account::RotationProofChallenge');
const KEY_ROTATION_TO_PUBLIC_KEY = '0x1::account::KeyRotationToPublicKey';
const ENCRYPTED_DK = '0x1::account::EncryptedDK';
const MAX_ENCRYPTED_DK_BYTES = 128;

const bytes = (v: Value | undefined): number[] => must(v) as number[];
const asAddress = (key: number[]): LongAddress => toHex(Uint8Array.from(key)) as LongAddress;

/**
 * `assert_valid_rotation_proof_signature_and_get_auth_key`: `signature` by `key` (Ed25519 or
 * MultiEd25519) over the challenge; returns the key's authentication key.
 */
function provenAuthKey(
  host: NativeHost,
  scheme: number,
  key: number[],
  signature: number[],
  challenge: Value,
): number[] {
  if (scheme !== 0 && scheme !== 1) accountAbort('invalidArgument', 'EINVALID_SCHEME');
  const module = scheme === 0 ? 'ed25519' : 'multi_ed25519';
  const [pk] = host.call(ONE, module, 'new_unvalidated_public_key_from_bytes', [], [key]);
  const [sig] = host.call(ONE, module, 'new_signature_from_bytes', [], [signature]);
  const [ok] = host.call(
    ONE,
    module,
    'signature_verify_strict_t',
    [ROTATION_PROOF_CHALLENGE],
    [new Ref([must(sig)], 0), new Ref([must(pk)], 0), challenge],
  );
  if (ok !== true) accountAbort('invalidArgument', 'EINVALID_PROOF_OF_KNOWLEDGE');
  const [authKey] = host.call(
    ONE,
    module,
    'unvalidated_public_key_to_authentication_key',
    [],
    [new Ref([must(pk)], 0)],
  );
  return authKey as number[];
}

function originatingItem(authKey: LongAddress, original: LongAddress): TableItemValue {
  return {
    kind: 'table_item',
    handle: ORIGINATING_ADDRESS_HANDLE,
    key: authKey,
    value: original,
    keyType: 'address',
    valueType: 'address',
    decodedKey: shortAddress(authKey),
    decodedValue: shortAddress(original),
  };
}

/**
 * `update_auth_key_and_originating_address_table`: the `OriginatingAddress` entry moves from the
 * current key to the new one (`ENEW_AUTH_KEY_SAME_AS_CURRENT`, `EINVALID_ORIGINATING_ADDRESS`,
 * `ENEW_AUTH_KEY_ALREADY_MAPPED`), `KeyRotation` is emitted and the key set.
 */
function updateAuthKeyAndTable(host: NativeHost, address: LongAddress, newKey: number[]): void {
  const ctx = host.session.ctx;
  const account = must(readResource(host, address, ACCOUNT)) as Value[];
  const current = asAddress(account[FIELD.authenticationKey] as number[]);
  const next = asAddress(newKey);
  if (next === current) accountAbort('invalidArgument', 'ENEW_AUTH_KEY_SAME_AS_CURRENT');
  const mapped = ctx.get(tableKey(ORIGINATING_ADDRESS_HANDLE, current));
  if (mapped !== null && mapped.kind === 'table_item') {
    ctx.write(tableKey(ORIGINATING_ADDRESS_HANDLE, current), null);
    if (mapped.value !== address) accountAbort('notFound', 'EINVALID_ORIGINATING_ADDRESS');
  }
  if (ctx.get(tableKey(ORIGINATING_ADDRESS_HANDLE, next)) !== null)
    accountAbort('invalidArgument', 'ENEW_AUTH_KEY_ALREADY_MAPPED');
  ctx.write(tableKey(ORIGINATING_ADDRESS_HANDLE, next), originatingItem(next, address));
  emitEvent(host, '0x1::account::KeyRotation', [
    address,
    account[FIELD.authenticationKey] as Value,
    newKey,
  ]);
  updateResource(host, address, ACCOUNT, (fields) => {
    fields[FIELD.authenticationKey] = newKey;
  });
}

/** The verified-key bitmap of `KeyRotationToPublicKey`: the signature's for MultiEd25519. */
const bitmapOf = (scheme: number, proof: number[]): number[] =>
  scheme === 0 ? [0x80, 0, 0, 0] : proof.slice(proof.length - 4);

/** A reader over BCS bytes, aborting as `aptos_std::bcs_stream` does when they run out. */
function stream(data: number[]) {
  let at = 0;
  const take = (n: number): number[] => {
    if (at + n > data.length)
      abortIn(
        '0x1::bcs_stream',
        0x20002n,
        'EOUT_OF_BYTES',
        'There are not enough bytes to deserialize for the given type.',
      );
    at += n;
    return data.slice(at - n, at);
  };
  const uleb = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const [b] = take(1) as [number];
      value += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return value;
    }
  };
  return { take, vector: () => take(uleb()), rest: () => data.length - at };
}

/** `keyless::deserialize_public_key`: `iss` (at most 120 bytes) and a 32-byte `idc`. */
function keylessKey(read: ReturnType<typeof stream>): void {
  const iss = read.vector();
  const idc = read.vector();
  if (iss.length > 120)
    abortIn(
      '0x1::keyless',
      0x10003n,
      'E_INVALID_ISSUER_UTF8_BYTES_LENGTH',
      'The length of the issuer string is larger than the maximum allowed.',
    );
  if (idc.length !== 32)
    abortIn(
      '0x1::keyless',
      0x10002n,
      'E_INVALID_ID_COMMITMENT_BYTES_LENGTH',
      'The length of the identity commitment bytes is not 32.',
    );
}

/** `single_key::new_public_key_from_bytes(key)` that must be a (federated) keyless key. */
function requireKeylessKey(key: number[]): void {
  const read = stream(key);
  const [scheme] = read.take(1) as [number];
  if (scheme === 3) keylessKey(read);
  else if (scheme === 4) {
    read.take(32);
    keylessKey(read);
  } else if (scheme <= 2) read.vector();
  else
    abortIn(
      '0x1::single_key',
      0x10001n,
      'E_INVALID_PUBLIC_KEY_TYPE',
      'Unrecognized public key type.',
    );
  if (read.rest() !== 0)
    abortIn(
      '0x1::single_key',
      0x10002n,
      'E_INVALID_SINGLE_KEY_EXTRA_BYTES',
      'There are extra bytes in the input when deserializing a Single Key public key.',
    );
  if (scheme !== 3 && scheme !== 4) accountAbort('invalidArgument', 'ENOT_A_KEYLESS_PUBLIC_KEY');
}

/** `upsert_ed25519_backup_key_on_keyless_account`: a 1-of-2 MultiKey of the keyless key and the backup. */
function upsertBackupKey(
  host: NativeHost,
  address: LongAddress,
  keyless: number[],
  backup: number[],
  proof: number[],
): void {
  requireKeylessKey(keyless);
  const account = must(readResource(host, address, ACCOUNT)) as Value[];
  const oldKey = account[FIELD.authenticationKey] as number[];
  const original = Array.from(sha3(Uint8Array.from([...keyless, 2])));
  if (toHex(Uint8Array.from(original)) !== address)
    accountAbort('invalidArgument', 'ENOT_THE_ORIGINAL_PUBLIC_KEY');
  const challenge: Value = [
    account[FIELD.sequenceNumber] as Value,
    address,
    asAddress(oldKey),
    backup,
  ];
  provenAuthKey(host, 0, backup, proof, challenge);
  const multiKey = [2, ...keyless, 0, 32, ...backup, 1];
  const newKey = Array.from(sha3(Uint8Array.from([...multiKey, 3])));
  rotateInternal(host, address, newKey);
  emitEvent(host, KEY_ROTATION_TO_PUBLIC_KEY, [
    address,
    [0xc0, 0, 0, 0],
    3,
    multiKey,
    oldKey,
    newKey,
  ]);
}

/**
 * `rotate_authentication_key`: the current key (`from`) must be the account's; both keys sign the
 * account's `RotationProofChallenge`; the table moves to the new key, then `KeyRotationToPublicKey`.
 */
function rotateWithProofs(
  host: NativeHost,
  address: LongAddress,
  [fromScheme, fromKey, toScheme, toKey, capRotateKey, capUpdateTable]: Value[],
): void {
  ensureAccountResource(host, address);
  const account = must(readResource(host, address, ACCOUNT)) as Value[];
  const oldKey = account[FIELD.authenticationKey] as number[];
  if (fromScheme !== 0 && fromScheme !== 1) accountAbort('invalidArgument', 'EINVALID_SCHEME');
  const module = fromScheme === 0 ? 'ed25519' : 'multi_ed25519';
  const [pk] = host.call(
    ONE,
    module,
    'new_unvalidated_public_key_from_bytes',
    [],
    [bytes(fromKey)],
  );
  const [fromAuthKey] = host.call(
    ONE,
    module,
    'unvalidated_public_key_to_authentication_key',
    [],
    [new Ref([must(pk)], 0)],
  );
  if (toHex(Uint8Array.from(fromAuthKey as number[])) !== asAddress(oldKey))
    accountAbort('unauthenticated', 'EWRONG_CURRENT_PUBLIC_KEY');
  const challenge: Value = [
    account[FIELD.sequenceNumber] as Value,
    address,
    asAddress(oldKey),
    bytes(toKey),
  ];
  provenAuthKey(host, fromScheme, bytes(fromKey), bytes(capRotateKey), challenge);
  const newKey = provenAuthKey(
    host,
    toScheme as number,
    bytes(toKey),
    bytes(capUpdateTable),
    challenge,
  );
  updateAuthKeyAndTable(host, address, newKey);
  emitEvent(host, KEY_ROTATION_TO_PUBLIC_KEY, [
    address,
    bitmapOf(toScheme as number, bytes(capUpdateTable)),
    toScheme as number,
    bytes(toKey),
    oldKey,
    newKey,
  ]);
}

export const accountRotation: NativeFunction[] = [
  fn(
    'rotate_authentication_key',
    {
      params: ['&signer', 'u8', 'vector<u8>', 'u8', 'vector<u8>', 'vector<u8>', 'vector<u8>'],
      isEntry: true,
    },
    (host, _t, [account, ...args]) => {
      rotateWithProofs(host, signerAddress(must(account)), args);
      return [];
    },
  ),
  fn(
    'rotate_authentication_key_with_rotation_capability',
    { params: ['&signer', 'address', 'u8', 'vector<u8>', 'vector<u8>'], isEntry: true },
    (host, _t, [delegate, offerer, scheme, key, proof]) => {
      const at = offerer as LongAddress;
      if (!accountExists(host, at)) accountAbort('notFound', 'EOFFERER_ADDRESS_DOES_NOT_EXIST');
      const delegateAddress = signerAddress(must(delegate));
      const account = must(readResource(host, at, ACCOUNT)) as Value[];
      const oldKey = account[FIELD.authenticationKey] as number[];
      if (
        optionValue((account[FIELD.rotationCapabilityOffer] as Value[])[0] as Value) !==
        delegateAddress
      )
        accountAbort('notFound', 'ENO_SUCH_ROTATION_CAPABILITY_OFFER');
      const [sequence] = host.call(ONE, 'account', 'get_sequence_number', [], [delegateAddress]);
      const challenge: Value = [must(sequence), at, asAddress(oldKey), bytes(key)];
      const newKey = provenAuthKey(host, scheme as number, bytes(key), bytes(proof), challenge);
      updateAuthKeyAndTable(host, at, newKey);
      emitEvent(host, KEY_ROTATION_TO_PUBLIC_KEY, [
        at,
        bitmapOf(scheme as number, bytes(proof)),
        scheme as number,
        bytes(key),
        oldKey,
        newKey,
      ]);
      return [];
    },
  ),
  fn(
    'upsert_ed25519_backup_key_on_keyless_account',
    {
      params: ['&signer', 'vector<u8>', 'vector<u8>', 'vector<u8>'],
      isEntry: true,
      visibility: 'private',
    },
    (host, _t, [account, keyless, backup, proof]) => {
      upsertBackupKey(
        host,
        signerAddress(must(account)),
        bytes(keyless),
        bytes(backup),
        bytes(proof),
      );
      return [];
    },
  ),
  fn(
    'upsert_ed25519_backup_key_and_encrypt_dk',
    {
      params: ['&signer', 'vector<u8>', 'vector<u8>', 'vector<u8>', 'vector<u8>'],
      isEntry: true,
      visibility: 'private',
    },
    (host, _t, [account, keyless, backup, proof, ciphertext]) => {
      const address = signerAddress(must(account));
      upsertBackupKey(host, address, bytes(keyless), bytes(backup), bytes(proof));
      if (bytes(ciphertext).length > MAX_ENCRYPTED_DK_BYTES)
        accountAbort('invalidArgument', 'EENCRYPTED_DK_TOO_LONG');
      // `EncryptedDK::V1 { ciphertext }`, written or replaced.
      writeResource(host, address, ENCRYPTED_DK, [0, bytes(ciphertext)]);
      return [];
    },
  ),
];
