import type { AccountAuthenticator, Deserializer } from '@aptos-labs/ts-sdk';
import { AccountAddress, AccountAuthenticatorAbstraction } from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { concatBytes, sha3, toHex, uleb128, utf8 } from '../encoding.ts';
import { ViewDeserializer } from './viewDeserializer.ts';

// The `Abstraction` account authenticator (account abstraction, AIP-104) as the signature check
// reads it: its proof, the digest it must carry, and the key it stands for. Dispatching to the
// registered function is in abstraction.ts.

/** A function named by address, module and name (`0x1::function_info::FunctionInfo`). */
export interface FunctionInfo {
  moduleAddress: LongAddress;
  moduleName: string;
  functionName: string;
}

function bcsBytes(bytes: Uint8Array): Uint8Array {
  return concatBytes([uleb128(bytes.length), bytes]);
}

/** BCS of a `FunctionInfo`: address ‖ string ‖ string. */
export function functionInfoBcs(info: FunctionInfo): Uint8Array {
  return concatBytes([
    Buffer.from(info.moduleAddress.slice(2), 'hex'),
    bcsBytes(utf8(info.moduleName)),
    bcsBytes(utf8(info.functionName)),
  ]);
}

/**
 * The ts-sdk 5.2.1 reads a `V1` abstraction authenticator's bytes as everything left in the input
 * (`deserializeFixedBytes(remaining())`), so one that is not the last field of a transaction (the
 * sender of a fee-payer or multi-agent transaction) fails to decode. This reads it as the node's
 * BCS does, a length-prefixed vector, and keeps the prefix in `abstractionSignature` as the SDK's
 * own `serialize` expects (so bytes round-trip).
 */
AccountAuthenticatorAbstraction.load = (
  deserializer: Deserializer,
): AccountAuthenticatorAbstraction => {
  const moduleAddress = AccountAddress.deserialize(deserializer);
  const moduleName = deserializer.deserializeStr();
  const functionName = deserializer.deserializeStr();
  const functionInfo = `${moduleAddress.toString()}::${moduleName}::${functionName}`;
  const variant = deserializer.deserializeUleb128AsU32();
  const digest = deserializer.deserializeBytes();
  if (variant === 0) {
    const authenticator = deserializer.deserializeBytes();
    return new AccountAuthenticatorAbstraction(functionInfo, digest, bcsBytes(authenticator));
  }
  if (variant === 1) {
    const signature = deserializer.deserializeBytes();
    const publicKey = deserializer.deserializeBytes();
    return new AccountAuthenticatorAbstraction(functionInfo, digest, signature, publicKey);
  }
  throw new Error(`Unknown variant index for AccountAuthenticatorAbstraction: ${variant}`);
};

const DERIVABLE_ABSTRACTION_DERIVED_SCHEME = 5;

/** `account_abstraction::derive_account_address(func_info, abstract_public_key)`. */
export function deriveAccountAddress(info: FunctionInfo, publicKey: Uint8Array): LongAddress {
  return toHex(
    sha3(
      functionInfoBcs(info),
      bcsBytes(publicKey),
      Uint8Array.of(DERIVABLE_ABSTRACTION_DERIVED_SCHEME),
    ),
  ) as LongAddress;
}

/** The `Abstraction` authenticator, its BCS read as the node reads it. */
export interface AbstractionProof {
  info: FunctionInfo;
  digest: Uint8Array;
  /** `V1`: the authenticator bytes; `DerivableV1`: the abstract signature and public key. */
  data:
    | { kind: 'v1'; authenticator: Uint8Array }
    | { kind: 'derivable'; signature: Uint8Array; publicKey: Uint8Array };
}

/**
 * The proof in an `Abstraction` authenticator; `null` for any other authenticator, `'malformed'`
 * when its bytes do not read (the SDK's reader keeps a `V1` authenticator's length prefix).
 */
export function abstractionProof(
  authenticator: AccountAuthenticator,
): AbstractionProof | null | 'malformed' {
  if (!(authenticator instanceof AccountAuthenticatorAbstraction)) return null;
  const [address, moduleName, functionName] = authenticator.functionInfo.split('::');
  if (address === undefined || moduleName === undefined || functionName === undefined) {
    return 'malformed';
  }
  const info: FunctionInfo = {
    moduleAddress: `0x${address.slice(2).padStart(64, '0')}` as LongAddress,
    moduleName,
    functionName,
  };
  const digest = authenticator.signingMessageDigest.toUint8Array();
  if (authenticator.accountIdentity !== undefined) {
    return {
      info,
      digest,
      data: {
        kind: 'derivable',
        signature: authenticator.abstractionSignature,
        publicKey: authenticator.accountIdentity,
      },
    };
  }
  try {
    const reader = new ViewDeserializer(authenticator.abstractionSignature);
    const bytes = reader.deserializeBytes();
    if (reader.remaining() !== 0) return 'malformed';
    return { info, digest, data: { kind: 'v1', authenticator: bytes.slice() } };
  } catch {
    return 'malformed';
  }
}

const AA_SIGNING_DATA_SALT = sha3(utf8('APTOS::AASigningData'));

/**
 * `sha3_256` of the signing message of `AASigningData::V1 { original_signing_message,
 * function_info }`: what the digest in the authenticator must be (the SDK's
 * `AbstractedAccount.generateAccountAbstractionMessage`, hashed).
 */
export function abstractionDigest(message: Uint8Array, info: FunctionInfo): Uint8Array {
  const bytes = concatBytes([Uint8Array.of(0), bcsBytes(message), functionInfoBcs(info)]);
  return sha3(AA_SIGNING_DATA_SALT, bytes);
}

/** The node's signature check of an `Abstraction` authenticator: the digest is the expected one. */
export function abstractionDigestVerifies(
  authenticator: AccountAuthenticator,
  message: Uint8Array,
): boolean {
  const proof = abstractionProof(authenticator);
  if (proof === null || proof === 'malformed') return false;
  return Buffer.from(proof.digest).equals(Buffer.from(abstractionDigest(message, proof.info)));
}

/**
 * The authentication key an `Abstraction` authenticator stands for: `null` for `V1` (the prologue
 * allows a missing key), the derived address for `DerivableV1`.
 */
export function abstractionAuthKey(proof: AbstractionProof): LongAddress | null {
  return proof.data.kind === 'derivable'
    ? deriveAccountAddress(proof.info, proof.data.publicKey)
    : null;
}
