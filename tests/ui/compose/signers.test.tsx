/**
 * Composing and showing transactions with more than one signer (issue 16): the signer fields
 * become the draft's kind, secondary signers and fee payer, with a message per bad field; the
 * results list each signer with its role, key type and signature, and who paid the fee.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BuiltTransaction } from '../../../machines';
import { evaluateSigners } from '../../../src/features/compose/composer/composerForm';
import { SignersCard } from '../../../src/features/compose/results/SignersCard';
import { render } from '../../test-utils/render';

const ALICE = `0x${'a11ce'.padStart(64, '0')}`;
const BOB = `0x${'b0b'.padStart(64, '0')}`;
const SPONSOR = `0x${'5907'.padStart(64, '0')}`;

describe('evaluateSigners', () => {
  it('adds only its kind to a simple transaction (the machine merges drafts)', () => {
    expect(
      evaluateSigners({ kind: 'simple', secondary: BOB, feePayer: '', feePayerLater: false }),
    ).toEqual({ fields: { kind: 'simple' }, errors: { secondary: null, feePayer: null } });
  });

  it('multi-agent and sponsored: secondary signers in order, the fee payer by address', () => {
    expect(
      evaluateSigners({
        kind: 'multiAgentSponsored',
        secondary: `${BOB}\n0x1`,
        feePayer: ` ${SPONSOR} `,
        feePayerLater: false,
      }).fields,
    ).toEqual({
      kind: 'multiAgentSponsored',
      secondarySigners: [BOB, `0x${'1'.padStart(64, '0')}`],
      feePayer: SPONSOR,
    });
  });

  it('a fee payer that signs later is null in the draft', () => {
    expect(
      evaluateSigners({ kind: 'sponsored', secondary: '', feePayer: '', feePayerLater: true })
        .fields,
    ).toEqual({ kind: 'sponsored', feePayer: null });
  });

  it('says what is wrong with each field', () => {
    const { errors } = evaluateSigners({
      kind: 'multiAgentSponsored',
      secondary: '',
      feePayer: 'not an address',
      feePayerLater: false,
    });
    expect(errors.secondary).toBe('Add at least one secondary signer address');
    expect(errors.feePayer).toMatch(/^Fee payer address/);
    const tooMany = Array.from({ length: 32 }, (_, i) => `0x${(i + 16).toString(16)}`).join('\n');
    expect(
      evaluateSigners({
        kind: 'multiAgent',
        secondary: tooMany,
        feePayer: '',
        feePayerLater: false,
      }).errors.secondary,
    ).toBe(
      'At most 31 secondary signers: with the sender, a transaction carries at most 32 signatures (33 here)',
    );
  });
});

describe('SignersCard', () => {
  const built: BuiltTransaction = {
    rawTransactionHex: '0x00',
    sender: ALICE,
    sequenceNumber: '0',
    maxGasAmount: '1000',
    gasUnitPrice: '100',
    expirationTimestampSecs: '1',
    chainId: 4,
    kind: 'multiAgentSponsored',
    feePayerAddress: '0x0',
    signers: [
      { role: 'sender', address: ALICE, index: 0 },
      { role: 'secondary', address: BOB, index: 1 },
      { role: 'feePayer', address: null, index: 2 },
    ],
  };

  it('lists each signer: role, address, key type, collected or missing, and who paid', () => {
    render(
      <SignersCard
        built={built}
        signatures={[
          {
            role: 'sender',
            address: ALICE,
            index: 0,
            authenticatorHex: '0x01',
            hash: null,
            keyType: 'multiEd25519',
            signatureCount: 2,
            verified: true,
          },
        ]}
        feePaidBy={SPONSOR}
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Signers: 1 of 3 signatures collected' }),
    ).toBeDefined();
    const rows = within(screen.getByRole('table', { name: 'Signers' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '#RoleAddressKey typeSignature',
      `1Sender${ALICE}Multi-Ed25519 (2 signatures)verified`,
      `2Secondary signer${BOB}—missing`,
      '3Fee payersigns later (0x0 until then)—missing',
    ]);
    expect(screen.getByText(/Fee paid by/).textContent).toBe(
      `Fee paid by ${SPONSOR} (the fee payer)`,
    );
  });

  it('after a simulation only (a failed one), says who would pay, not who paid', () => {
    render(<SignersCard built={built} signatures={[]} feePaidBy={SPONSOR} simulatedOnly />);
    expect(screen.getByText(/Fee would be paid by/).textContent).toBe(
      `Fee would be paid by ${SPONSOR} (the fee payer)`,
    );
    expect(screen.queryByText(/Fee paid by/)).toBeNull();
  });
});
