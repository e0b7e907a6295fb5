import type { DecodedTransaction, Signer } from './decode.ts';
import { signingMessages } from './decode.ts';
import {
  ed25519KeyAndSignature,
  MAX_NUM_OF_SIGS,
  numberOfSignatures,
  verifyAuthenticator,
} from './signatures.ts';

// A transaction's signatures as a whole (every signer, the node's cap on their count); the
// checks of one authenticator are in signatures.ts.

/** Every signer of a transaction, in order: sender, secondary signers, fee payer. */
export function signersOf(tx: DecodedTransaction): Signer[] {
  return [tx.senderSigner, ...tx.secondarySigners, ...(tx.feePayer === null ? [] : [tx.feePayer])];
}

function verifies(tx: DecodedTransaction, signer: Signer): boolean {
  const role = signer === tx.feePayer ? 'fee_payer' : 'sender';
  return verifyAuthenticator(signer.authenticator, signingMessages(tx, role));
}

/**
 * True when every signer's signature verifies (sender, secondary signers, fee payer) and the
 * sender and secondary signers carry at most `MAX_NUM_OF_SIGS` signatures, as on a real node.
 */
export function verifySignatures(tx: DecodedTransaction): boolean {
  const counted = [tx.senderSigner, ...tx.secondarySigners].reduce(
    (sum, signer) => sum + numberOfSignatures(signer.authenticator),
    0,
  );
  if (counted > MAX_NUM_OF_SIGS) return false;
  return signersOf(tx).every((signer) => verifies(tx, signer));
}

/** True when at least one signer's signature verifies (simulation refuses those). */
export function anySignatureVerifies(tx: DecodedTransaction): boolean {
  return signersOf(tx).some((signer) => verifies(tx, signer));
}

/**
 * The one Ed25519 check a plain single-signer transaction needs, for verification off the event
 * loop; `null` for every other authenticator (verified in place by `verifySignatures`).
 */
export function singleEd25519Check(
  tx: DecodedTransaction,
): { publicKey: Uint8Array; message: Uint8Array; signature: Uint8Array } | null {
  if (tx.secondarySigners.length > 0 || tx.feePayer !== null) return null;
  const key = ed25519KeyAndSignature(tx.senderSigner.authenticator);
  if (key === null) return null;
  const [message] = signingMessages(tx, 'sender');
  return message === undefined ? null : { ...key, message };
}
