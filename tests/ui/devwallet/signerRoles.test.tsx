/**
 * The dev wallet signing one role of several (issue 16): the caller names the account, the
 * summary states the role and the fee that signer may pay, and an account that is not one of the
 * transaction's signers is refused before the prompt.
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK } from '../../../src/devwallet/networks';
import { prepareSignTransaction } from '../../../src/devwallet/signingChecks';
import type { SigningState } from '../../../src/devwallet/signingChecks';
import { BOB, NOW_MS, transferTransaction } from './helpers';

const ME = `0x${'5e1f'.padStart(64, '0')}`;
const SECOND = `0x${'5ec0'.padStart(64, '0')}`;
const SPONSOR = `0x${'5907'.padStart(64, '0')}`;
const MAX_FEE = '100000'; // transferTransaction: 1000 max gas × 100 octas

const state: SigningState = {
  connected: true,
  activeAddress: ME,
  network: LOCAL_NETWORK,
  hasKey: (address) => [ME, SECOND, SPONSOR].includes(address),
};

const prepare = (
  transaction: ReturnType<typeof transferTransaction>,
  signerAddress: string | undefined,
  asFeePayer = false,
) =>
  prepareSignTransaction({
    state,
    transaction,
    asFeePayer,
    nowMs: NOW_MS,
    ...(signerAddress === undefined ? {} : { signerAddress }),
  });

describe('signing as one signer of several', () => {
  const multiAgentSponsored = transferTransaction({
    sender: ME,
    secondarySigners: [SECOND],
    feePayer: SPONSOR,
  });

  it('the sender of a sponsored transaction pays no fee', () => {
    expect(prepare(multiAgentSponsored, ME).summary).toMatchObject({
      signer: ME,
      signerRole: 'sender',
      signerMaxFee: '0',
    });
  });

  it('a named secondary signer signs as secondary signer, with no fee, even when the wallet holds the sender', () => {
    const result = prepare(multiAgentSponsored, SECOND);
    expect(result.invalid).toBeUndefined();
    expect(result.summary).toMatchObject({
      signer: SECOND,
      signerRole: 'secondarySigner',
      signerMaxFee: '0',
    });
  });

  it('the fee payer may pay max gas amount × gas unit price', () => {
    expect(prepare(multiAgentSponsored, SPONSOR, true).summary).toMatchObject({
      signer: SPONSOR,
      signerRole: 'feePayer',
      signerMaxFee: MAX_FEE,
    });
  });

  it('the sender of a transaction without a fee payer pays the fee', () => {
    expect(prepare(transferTransaction({ sender: ME }), undefined).summary).toMatchObject({
      signerRole: 'sender',
      signerMaxFee: MAX_FEE,
    });
  });

  it('an account that is not one of the signers is refused, naming it', () => {
    expect(prepare(multiAgentSponsored, SPONSOR).invalid).toBe(
      `The account ${SPONSOR} is not one of this transaction's signers with a key in this wallet. Import its key, or sign with the account the transaction names.`,
    );
    expect(prepare(multiAgentSponsored, BOB, true).invalid).toBe(
      `The account ${BOB} is not one of this transaction's signers with a key in this wallet. Import its key, or sign with the account the transaction names.`,
    );
  });
});
