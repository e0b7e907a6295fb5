/**
 * The common signed-transaction shape read without a deserializer (the chain's hot path), and the
 * user transaction hash both decoders give. `decode.ts` tries this first and falls back to the
 * ts-sdk's deserializer for anything else.
 */
import {
  AccountAddress,
  AccountAuthenticatorEd25519,
  ChainId,
  type Deserializer,
  Ed25519PublicKey,
  Ed25519Signature,
  EntryFunction as SdkEntryFunction,
  EntryFunctionBytes as SdkEntryFunctionBytes,
  Identifier,
  ModuleId,
  RawTransaction,
  TransactionAuthenticatorEd25519,
  TransactionPayloadEntryFunction,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { sha3, sha3Hex, toHex, utf8 } from '../encoding.ts';
import type { DecodedTransaction } from './transaction.ts';

const UTF8 = new TextDecoder();

const TRANSACTION_SALT = sha3(utf8('APTOS::Transaction'));
const USER_TRANSACTION_VARIANT = new Uint8Array([0]);

/** `sha3_256(sha3_256("APTOS::Transaction") ‖ 0x00 ‖ bcs(SignedTransaction))`, as the SDK computes it. */
export function userTransactionHash(bytes: Uint8Array): `0x${string}` {
  return sha3Hex(TRANSACTION_SALT, USER_TRANSACTION_VARIANT, bytes);
}

/**
 * `EntryFunctionBytes` has a private constructor: its `deserialize` reads the argument's bytes
 * through `deserializeFixedBytes`, the one method it calls, which this hands the view already cut.
 */
function bytesSource(bytes: Uint8Array): Deserializer {
  const source: Pick<Deserializer, 'deserializeFixedBytes'> = {
    deserializeFixedBytes: () => bytes,
  };
  return source as Deserializer;
}

/**
 * The shape almost every submission has, read without a deserializer: an entry function payload
 * (variant 2) without type arguments, signed by one Ed25519 key (authenticator variant 0), every
 * length a single ULEB128 byte. The objects are built with the same ts-sdk constructors its
 * `deserialize` methods call, in the same order, over one copy of the input, so the result equals
 * {@link decodeWithSdk}'s (`tests/localnet/decode.unit.test.ts` compares them on random
 * transactions). `null` for any other shape or for bytes that do not parse: the SDK path then
 * decodes it or says why not.
 */
export function decodeCommonShape(bytes: Uint8Array): DecodedTransaction | null {
  const data = bytes.slice();
  const length = data.length;
  const view = new DataView(data.buffer, data.byteOffset, length);
  let at = 0;
  // A length below 0x80 (one ULEB128 byte) that fits in what is left; -1 otherwise.
  const smallLength = (): number => {
    if (at >= length) return -1;
    const value = data[at] as number;
    if (value >= 0x80 || at + 1 + value > length) return -1;
    at += 1;
    return value;
  };
  const str = (): string | null => {
    const size = smallLength();
    if (size < 0) return null;
    at += size;
    return UTF8.decode(data.subarray(at - size, at));
  };
  // sender (32) ‖ sequence number (8) ‖ payload variant.
  if (length < 41 || data[40] !== 2) return null;
  const senderBytes = data.subarray(0, 32);
  const sequenceNumber = view.getBigUint64(32, true);
  at = 41;
  if (at + 32 > length) return null;
  const moduleAddressBytes = data.subarray(at, at + 32);
  at += 32;
  const moduleName = str();
  if (moduleName === null) return null;
  const functionName = str();
  if (functionName === null) return null;
  if (at >= length || data[at] !== 0) return null; // type arguments: the SDK path reads them
  at += 1;
  const argCount = smallLength();
  if (argCount < 0) return null;
  const argBytes: Uint8Array[] = [];
  for (let i = 0; i < argCount; i += 1) {
    const size = smallLength();
    if (size < 0) return null;
    argBytes.push(data.subarray(at, at + size));
    at += size;
  }
  // max gas (8) ‖ gas unit price (8) ‖ expiration (8) ‖ chain id (1) ‖ variant 0 ‖ 32 ‖ key ‖ 64 ‖ signature.
  if (at + 25 + 1 + 1 + 32 + 1 + 64 !== length) return null;
  const maxGasAmount = view.getBigUint64(at, true);
  const gasUnitPrice = view.getBigUint64(at + 8, true);
  const expirationSecs = view.getBigUint64(at + 16, true);
  const chainId = data[at + 24] as number;
  const rawLength = at + 25;
  at = rawLength;
  if (data[at] !== 0 || data[at + 1] !== 32 || data[at + 34] !== 64) return null;
  const publicKeyBytes = data.subarray(at + 2, at + 34);
  const signatureBytes = data.subarray(at + 35, at + 99);

  const sender = new AccountAddress(senderBytes);
  const entryFunction = new SdkEntryFunction(
    new ModuleId(new AccountAddress(moduleAddressBytes), new Identifier(moduleName)),
    new Identifier(functionName),
    [],
    argBytes.map((arg) => SdkEntryFunctionBytes.deserialize(bytesSource(arg), arg.length)),
  );
  const raw = new RawTransaction(
    sender,
    sequenceNumber,
    new TransactionPayloadEntryFunction(entryFunction),
    maxGasAmount,
    gasUnitPrice,
    expirationSecs,
    new ChainId(chainId),
  );
  const authenticator = new TransactionAuthenticatorEd25519(
    new Ed25519PublicKey(publicKeyBytes),
    new Ed25519Signature(signatureBytes),
  );
  const senderLong = toHex(senderBytes) as LongAddress;
  return {
    bytes,
    hash: userTransactionHash(bytes),
    raw,
    rawBytes: bytes.subarray(0, rawLength),
    authenticator,
    sender: senderLong,
    sequenceNumber,
    maxGasAmount,
    gasUnitPrice,
    expirationSecs,
    chainId,
    payloadKind: 'entry_function',
    entry: {
      module: toHex(moduleAddressBytes) as LongAddress,
      moduleName,
      functionName,
      typeArgs: [],
      args: argBytes,
    },
    script: null,
    nonce: null,
    senderSigner: {
      address: senderLong,
      authenticator: new AccountAuthenticatorEd25519(
        authenticator.public_key,
        authenticator.signature,
      ),
    },
    secondarySigners: [],
    feePayer: null,
  };
}

/**
 * The byte length of a {@link decodeCommonShape} transaction starting at `start` in `data`, or -1
 * when the bytes there are not that shape (the caller then measures it with the SDK's
 * deserializer). Walks the same layout without building anything: a batch submission
 * (`POST /transactions/batch`) uses it to cut its vector into transactions before each is decoded.
 */
export function commonShapeLength(data: Uint8Array, start: number): number {
  const length = data.length;
  let at = start;
  const skipSmall = (): boolean => {
    if (at >= length) return false;
    const value = data[at] as number;
    if (value >= 0x80 || at + 1 + value > length) return false;
    at += 1 + value;
    return true;
  };
  // sender (32) ‖ sequence number (8) ‖ payload variant 2 ‖ module address (32).
  if (start + 41 + 32 > length || data[start + 40] !== 2) return -1;
  at = start + 73;
  if (!skipSmall() || !skipSmall()) return -1; // module name, function name
  if (at >= length || data[at] !== 0) return -1; // type arguments
  at += 1;
  if (at >= length) return -1;
  const argCount = data[at] as number;
  if (argCount >= 0x80) return -1;
  at += 1;
  for (let i = 0; i < argCount; i += 1) if (!skipSmall()) return -1;
  const rawEnd = at + 25;
  const end = rawEnd + 1 + 1 + 32 + 1 + 64;
  if (end > length) return -1;
  if (data[rawEnd] !== 0 || data[rawEnd + 1] !== 32 || data[rawEnd + 34] !== 64) return -1;
  return end - start;
}
