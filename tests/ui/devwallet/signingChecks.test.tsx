/**
 * The dev wallet's pure signing checks, branch by branch, with the exact reason a person reads:
 * not connected, mainnet, not a raw transaction, another chain, not our account, fee payer
 * without a fee-payer transaction, expired (at equality too), and who signs when it passes.
 */
import { AccountAddress } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import {
  MAINNET_REFUSAL,
  NOT_CONNECTED,
  prepareSignTransaction,
  recheckSigning,
  signingRefusal,
  type SigningContext,
  type SigningState,
} from '../../../src/devwallet/signingChecks';
import { LOCAL_NETWORK, type DevWalletNetwork } from '../../../src/devwallet/networks';
import type { Prepared } from '../../../src/devwallet/requestQueue';
import { BOB, NOW_MS, STRANGER, transferTransaction } from './helpers';

const ME = `0x${'5e1f'.padStart(64, '0')}`;
const SECOND = `0x${'5ec0'.padStart(64, '0')}`;
const MAINNET: DevWalletNetwork = { name: 'mainnet', chainId: 1, nodeUrl: 'https://m/v1' };
const TESTNET: DevWalletNetwork = { name: 'testnet', chainId: 2, nodeUrl: 'https://t/v1' };

/** Who signs, when the request passed. */
const contextOf = (result: Prepared<SigningContext>) =>
  'context' in result ? result.context : undefined;

function state(overrides: Partial<SigningState> = {}): SigningState {
  const keys = new Set([ME, SECOND]);
  return {
    connected: true,
    activeAddress: ME,
    network: LOCAL_NETWORK,
    hasKey: (address) => keys.has(address),
    ...overrides,
  };
}

describe('signingRefusal', () => {
  it('not connected, no active account, mainnet by name or by chain id, or nothing', () => {
    expect(signingRefusal(state({ connected: false }))).toBe(NOT_CONNECTED);
    expect(signingRefusal(state({ activeAddress: null }))).toBe(NOT_CONNECTED);
    expect(signingRefusal(state({ network: MAINNET }))).toBe(MAINNET_REFUSAL);
    expect(signingRefusal(state({ network: { ...TESTNET, chainId: 1 } }))).toBe(MAINNET_REFUSAL);
    expect(signingRefusal(state())).toBeUndefined();
  });
});

describe('recheckSigning', () => {
  const context = { signerAddress: ME, chainId: 4 };
  it('holds while the signer and the chain stay', () => {
    expect(recheckSigning(state(), context)).toBeUndefined();
  });
  it('says what changed', () => {
    expect(recheckSigning(state({ connected: false }), context)).toBe(NOT_CONNECTED);
    expect(recheckSigning(state({ hasKey: () => false }), context)).toBe(
      `The signing account ${ME} was removed from the wallet`,
    );
    expect(recheckSigning(state({ network: TESTNET }), context)).toBe(
      'The wallet switched to Testnet · chain id 2',
    );
  });
});

describe('prepareSignTransaction', () => {
  const prepare = (
    transaction = transferTransaction({ sender: ME }),
    overrides: Partial<SigningState> = {},
    asFeePayer = false,
    nowMs = NOW_MS,
  ) => prepareSignTransaction({ state: state(overrides), transaction, asFeePayer, nowMs });

  it('passes for our sender, with the summary and who signs', () => {
    const result = prepare();
    expect(result.invalid).toBeUndefined();
    expect(contextOf(result)).toStrictEqual({ signerAddress: ME, chainId: 4 });
    expect(result.summary).toMatchObject({
      kind: 'signTransaction',
      signer: ME,
      signerRole: 'sender',
      transaction: { sender: ME, chainId: 4, maxFee: '100000', secondarySigners: [] },
    });
  });

  it('refuses when not connected, before reading the transaction', () => {
    expect(prepare(undefined, { connected: false })).toStrictEqual({ invalid: NOT_CONNECTED });
    expect(prepare(undefined, { activeAddress: null })).toStrictEqual({ invalid: NOT_CONNECTED });
  });

  it('refuses anything that is not a built raw transaction', () => {
    const invalid =
      'signTransaction 1.0.0 expects a built raw transaction (AnyRawTransaction); build it first.';
    for (const notBuilt of [null, 'bytes', { payload: {} }]) {
      expect(
        prepareSignTransaction({
          state: state(),
          transaction: notBuilt as never,
          asFeePayer: false,
          nowMs: NOW_MS,
        }),
      ).toStrictEqual({ invalid });
    }
  });

  it('refuses mainnet, by the transaction’s chain id or the wallet’s network', () => {
    expect(prepare(transferTransaction({ sender: ME, chainId: 1 })).invalid).toBe(MAINNET_REFUSAL);
    expect(prepare(undefined, { network: MAINNET }).invalid).toBe(MAINNET_REFUSAL);
    expect(prepare(undefined, { network: MAINNET }).summary).toMatchObject({ signer: ME });
  });

  it('refuses a transaction for another chain', () => {
    expect(prepare(transferTransaction({ sender: ME, chainId: 2 })).invalid).toBe(
      "The transaction is for chain id 2, but the wallet is on Local · chain id 4. Rebuild it for chain id 4, or switch the wallet's network.",
    );
  });

  it('refuses a sender that is not ours, unless a secondary signer is', () => {
    const result = prepare(transferTransaction({ sender: STRANGER }));
    expect(result.invalid).toBe(
      `The sender ${STRANGER} is not an account of this wallet. Build the transaction with one of the wallet's accounts as sender, or import the sender's key.`,
    );
    expect(result.summary).toMatchObject({ signer: STRANGER, signerRole: 'sender' });

    const multiAgent = prepare(
      transferTransaction({ sender: STRANGER, secondarySigners: [BOB, SECOND] }),
    );
    expect(multiAgent.invalid).toBeUndefined();
    expect(multiAgent.summary).toMatchObject({ signer: SECOND, signerRole: 'secondarySigner' });
    expect(contextOf(multiAgent)).toStrictEqual({ signerAddress: SECOND, chainId: 4 });
  });

  it('a special sender address (shown short, 0x5) is looked up in its long form', () => {
    const long = AccountAddress.from('0x5').toStringLong();
    const result = prepare(transferTransaction({ sender: '0x5' }), {
      hasKey: (address) => address === long,
    });
    expect(result.summary).toMatchObject({ transaction: { sender: '0x5' } });
    expect(contextOf(result)).toStrictEqual({ signerAddress: long, chainId: 4 });
  });

  it('signs as fee payer with the active account, only a fee-payer transaction', () => {
    const feePayer = prepare(transferTransaction({ sender: STRANGER, feePayer: ME }), {}, true);
    expect(feePayer.invalid).toBeUndefined();
    expect(feePayer.summary).toMatchObject({ signer: ME, signerRole: 'feePayer' });
    expect(prepare(transferTransaction({ sender: STRANGER }), {}, true).invalid).toBe(
      'Signing as fee payer needs a fee-payer transaction; build it with `withFeePayer: true`.',
    );
  });

  it('refuses an expired transaction, at equality too', () => {
    const expiry = BigInt(NOW_MS / 1000);
    const at = (nowMs: number) =>
      prepare(transferTransaction({ sender: ME, expirationSecs: expiry }), {}, false, nowMs);
    expect(at(NOW_MS).invalid).toBe(
      'The transaction expired at 2030-01-01T00:00:00.000Z; build it again.',
    );
    // 999 ms before the expiration second is still before it.
    expect(at(NOW_MS - 1).invalid).toBeUndefined();
    expect(at(NOW_MS + 999).invalid).toBe(
      'The transaction expired at 2030-01-01T00:00:00.000Z; build it again.',
    );
  });
});
