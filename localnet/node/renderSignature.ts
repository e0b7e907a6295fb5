/**
 * The `signature` field of a transaction as the node's REST API renders it: the transaction's
 * authenticator and each signer's account authenticator (`render.ts` renders the rest).
 */
import type { AccountAuthenticator, AnyPublicKey, AnySignature } from '@aptos-labs/ts-sdk';
import {
  AccountAuthenticatorAbstraction,
  AccountAuthenticatorEd25519,
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorMultiKey,
  AccountAuthenticatorSingleKey,
  AnyPublicKeyVariant,
  Ed25519Signature,
  Secp256k1Signature,
  TransactionAuthenticatorEd25519,
  TransactionAuthenticatorFeePayer,
  TransactionAuthenticatorMultiAgent,
  TransactionAuthenticatorMultiEd25519,
  TransactionAuthenticatorSingleSender,
  WebAuthnSignature,
} from '@aptos-labs/ts-sdk';
import type { Json } from '../encoding.ts';
import { shortAddress, toHex, uleb128 } from '../encoding.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { bitmapIndices } from '../executor/signatures.ts';

type JsonObject = { [key: string]: Json };

function publicKeyJson(key: AnyPublicKey): JsonObject {
  const names: Record<number, string> = {
    [AnyPublicKeyVariant.Ed25519]: 'ed25519',
    [AnyPublicKeyVariant.Secp256k1]: 'secp256k1_ecdsa',
    [AnyPublicKeyVariant.Secp256r1]: 'secp256r1_ecdsa',
    [AnyPublicKeyVariant.Keyless]: 'keyless',
    [AnyPublicKeyVariant.FederatedKeyless]: 'federated_keyless',
  };
  return { type: names[key.variant] ?? 'unknown', value: toHex(key.publicKey.toUint8Array()) };
}

function signatureJson(signature: AnySignature): JsonObject {
  const inner = signature.signature;
  // A WebAuthn signature prints its whole BCS (signature, authenticator data, client data).
  if (inner instanceof WebAuthnSignature)
    return { type: 'web_authn', value: toHex(inner.bcsToBytes()) };
  const type =
    inner instanceof Ed25519Signature
      ? 'ed25519'
      : inner instanceof Secp256k1Signature
        ? 'secp256k1_ecdsa'
        : 'keyless';
  return { type, value: toHex(inner.toUint8Array()) };
}

function accountSignatureJson(auth: AccountAuthenticator): JsonObject {
  if (auth instanceof AccountAuthenticatorEd25519) {
    return {
      type: 'ed25519_signature',
      public_key: toHex(auth.public_key.toUint8Array()),
      signature: toHex(auth.signature.toUint8Array()),
    };
  }
  if (auth instanceof AccountAuthenticatorMultiEd25519) {
    return {
      type: 'multi_ed25519_signature',
      public_keys: auth.public_key.publicKeys.map((key) => toHex(key.toUint8Array())),
      signatures: auth.signature.signatures.map((sig) => toHex(sig.toUint8Array())),
      threshold: auth.public_key.threshold,
      bitmap: toHex(auth.signature.bitmap),
    };
  }
  if (auth instanceof AccountAuthenticatorSingleKey) {
    return {
      type: 'single_key_signature',
      public_key: publicKeyJson(auth.public_key),
      signature: signatureJson(auth.signature),
    };
  }
  if (auth instanceof AccountAuthenticatorMultiKey) {
    const indices = bitmapIndices(auth.signatures.bitmap);
    return {
      type: 'multi_key_signature',
      public_keys: auth.public_keys.publicKeys.map(publicKeyJson),
      signatures: auth.signatures.signatures.map((sig, i) => ({
        index: indices[i] ?? i,
        signature: signatureJson(sig),
      })),
      signatures_required: auth.public_keys.signaturesRequired,
    };
  }
  if (auth instanceof AccountAuthenticatorAbstraction) {
    // The BCS `AbstractAuthenticationData` that follows the function info (variant, address, names).
    const bytes = auth.bcsToBytes();
    const [, moduleName = '', functionName = ''] = auth.functionInfo.split('::');
    const infoLength = 1 + 32 + bcsStringLength(moduleName) + bcsStringLength(functionName);
    return {
      type: 'abstraction_signature',
      function_info: auth.functionInfo,
      auth_data: toHex(bytes.subarray(infoLength)),
    };
  }
  return { type: 'no_account_signature' };
}

function bcsStringLength(text: string): number {
  const length = Buffer.byteLength(text, 'utf8');
  return length + uleb128(length).length;
}

/** The `signature` field of a transaction. */
export function transactionSignatureJson(tx: DecodedTransaction): JsonObject {
  const auth = tx.authenticator;
  if (
    auth instanceof TransactionAuthenticatorEd25519 ||
    auth instanceof TransactionAuthenticatorMultiEd25519
  ) {
    return accountSignatureJson(tx.senderSigner.authenticator);
  }
  if (auth instanceof TransactionAuthenticatorSingleSender) {
    return { ...accountSignatureJson(auth.sender), type: 'single_sender' };
  }
  const multi = {
    sender: accountSignatureJson(tx.senderSigner.authenticator),
    secondary_signer_addresses: tx.secondarySigners.map((s) => shortAddress(s.address)),
    secondary_signers: tx.secondarySigners.map((s) => accountSignatureJson(s.authenticator)),
  };
  if (auth instanceof TransactionAuthenticatorFeePayer && tx.feePayer !== null) {
    return {
      type: 'fee_payer_signature',
      ...multi,
      fee_payer_address: shortAddress(tx.feePayer.address),
      fee_payer_signer: accountSignatureJson(tx.feePayer.authenticator),
    };
  }
  if (auth instanceof TransactionAuthenticatorMultiAgent)
    return { type: 'multi_agent_signature', ...multi };
  return { type: 'no_account_signature' };
}
