import type { BuiltTransaction, CollectedSignature, SignerSlot, TransactionKind } from './types';

/** The most signatures a transaction may carry across the sender and secondary signers. */
export const MAX_SIGNATURES = 32;

/** True for the kinds with a fee payer. */
export function isSponsored(kind: TransactionKind | undefined): boolean {
  return kind === 'sponsored' || kind === 'multiAgentSponsored';
}

/** True for the kinds with secondary signers. */
export function isMultiAgent(kind: TransactionKind | undefined): boolean {
  return kind === 'multiAgent' || kind === 'multiAgentSponsored';
}

/** The signatures a built transaction needs, in signing order (the sender alone by default). */
export function signerSlotsOf(built: BuiltTransaction | null): SignerSlot[] {
  if (built === null) return [];
  return built.signers ?? [{ role: 'sender', address: built.sender, index: 0 }];
}

/** The next signer to ask, or `null` when every signature is collected. */
export function nextSigner(
  built: BuiltTransaction | null,
  signatures: readonly CollectedSignature[],
): SignerSlot | null {
  return signerSlotsOf(built)[signatures.length] ?? null;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

/** `the second signer (secondary signer 0xb0b)`: how messages name one signer. */
export function describeSigner(slot: SignerSlot, address: string | null = slot.address): string {
  const ordinal = ORDINALS[slot.index] ?? `#${slot.index + 1}`;
  const role =
    slot.role === 'sender' ? 'sender' : slot.role === 'feePayer' ? 'fee payer' : 'secondary signer';
  return `the ${ordinal} signer (${role}${address === null ? '' : ` ${address}`})`;
}
