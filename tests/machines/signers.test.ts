/**
 * `machines/signers.ts`: which signatures a built transaction needs, in which order, and how
 * messages name each signer.
 */
import { describe, expect, it } from 'vitest';
import {
  describeSigner,
  isMultiAgent,
  isSponsored,
  MAX_SIGNATURES,
  nextSigner,
  signerSlotsOf,
} from '../../machines';
import type { BuiltTransaction, CollectedSignature, SignerSlot } from '../../machines';
import { multiSignerBuilt, sampleBuilt } from './support/transactionSamples';

const collected = (slot: SignerSlot): CollectedSignature =>
  ({ ...slot, authenticatorHex: '0x00', keyType: 'ed25519' }) as CollectedSignature;

describe('transaction kinds', () => {
  it.each([
    ['simple', false, false],
    ['sponsored', true, false],
    ['multiAgent', false, true],
    ['multiAgentSponsored', true, true],
    [undefined, false, false],
  ] as const)('%s: sponsored %s, multi-agent %s', (kind, sponsored, multiAgent) => {
    expect(isSponsored(kind)).toBe(sponsored);
    expect(isMultiAgent(kind)).toBe(multiAgent);
  });

  it('allows at most 32 signatures across the sender and secondary signers', () => {
    expect(MAX_SIGNATURES).toBe(32);
  });
});

describe('signerSlotsOf and nextSigner', () => {
  it('has no signer before a transaction is built', () => {
    expect(signerSlotsOf(null)).toEqual([]);
    expect(nextSigner(null, [])).toBeNull();
  });

  it('asks the sender alone when the built transaction lists no signers', () => {
    const built: BuiltTransaction = { ...sampleBuilt, sender: '0xa11ce' };
    const sender: SignerSlot = { role: 'sender', address: '0xa11ce', index: 0 };
    expect(built.signers).toBeUndefined();
    expect(signerSlotsOf(built)).toEqual([sender]);
    expect(nextSigner(built, [])).toEqual(sender);
    expect(nextSigner(built, [collected(sender)])).toBeNull();
  });

  it('asks every listed signer in order, then no one', () => {
    const slots = signerSlotsOf(multiSignerBuilt);
    expect(slots).toBe(multiSignerBuilt.signers);
    expect(slots.length).toBeGreaterThan(2);
    const signatures: CollectedSignature[] = [];
    for (const slot of slots) {
      expect(nextSigner(multiSignerBuilt, signatures)).toBe(slot);
      signatures.push(collected(slot));
    }
    expect(nextSigner(multiSignerBuilt, signatures)).toBeNull();
  });
});

describe('describeSigner', () => {
  it.each([
    [{ role: 'sender', address: '0xa11ce', index: 0 }, 'the first signer (sender 0xa11ce)'],
    [
      { role: 'secondary', address: '0xb0b', index: 1 },
      'the second signer (secondary signer 0xb0b)',
    ],
    [{ role: 'feePayer', address: '0xfee', index: 2 }, 'the third signer (fee payer 0xfee)'],
    [{ role: 'secondary', address: '0xc', index: 7 }, 'the eighth signer (secondary signer 0xc)'],
    [{ role: 'secondary', address: '0xd', index: 8 }, 'the #9 signer (secondary signer 0xd)'],
    [{ role: 'feePayer', address: null, index: 1 }, 'the second signer (fee payer)'],
  ] as const)('names %j as %j', (slot, text) => {
    expect(describeSigner(slot as SignerSlot)).toBe(text);
  });

  it('names the address that signed when it is given, or none', () => {
    const slot: SignerSlot = { role: 'feePayer', address: null, index: 2 };
    expect(describeSigner(slot, '0xfee')).toBe('the third signer (fee payer 0xfee)');
    expect(describeSigner({ ...slot, address: '0xold' }, null)).toBe(
      'the third signer (fee payer)',
    );
  });
});
