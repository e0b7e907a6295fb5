import { describe, expect, it } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { toWalletError, walletMachine } from '../../machines';
import type { WalletNetwork } from '../../machines';
import { startWallet } from './support/walletHarness';

const account = { address: '0xa11ce', publicKey: '0xed' };
const onLocal: WalletNetwork = { name: 'local', chainId: 4, url: 'http://127.0.0.1:8080/v1' };
const onTestnet: WalletNetwork = { name: 'testnet', chainId: 2, url: null };

async function connected(network = onLocal) {
  const sut = startWallet();
  await sut.wallet({ type: 'wallet.detected', wallets: ['Workbench Wallet'] });
  sut.actor.send({ type: 'connect', walletName: 'Workbench Wallet' });
  await sut.settle('connect', { output: { account, network } });
  return sut;
}

describe('wallet machine', () => {
  it('detects wallets, or says none is available', async () => {
    const some = startWallet();
    expect(some.actor.getSnapshot().value).toBe('detecting');
    expect(some.actor.getSnapshot().hasTag('busy')).toBe(true);
    await some.wallet({ type: 'wallet.detected', wallets: ['Workbench Wallet'] });
    expect(some.actor.getSnapshot().value).toBe('disconnected');
    expect(some.actor.getSnapshot().context.wallets).toEqual(['Workbench Wallet']);

    const none = startWallet();
    await none.wallet({ type: 'wallet.detected', wallets: [] });
    expect(none.actor.getSnapshot().value).toBe('unavailable');
    await none.wallet({ type: 'wallet.detected', wallets: ['Late Wallet'] });
    expect(none.actor.getSnapshot().value).toBe('disconnected');
  });

  it('connects to connected.ready on the app’s network', async () => {
    const sut = await connected();
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.value).toEqual({ connected: 'ready' });
    expect(snapshot.context).toMatchObject({
      walletName: 'Workbench Wallet',
      account,
      error: null,
    });
  });

  it('compares chain ids itself: wrongNetwork until wallet and app agree', async () => {
    const sut = await connected(onTestnet);
    expect(sut.actor.getSnapshot().value).toEqual({ connected: 'wrongNetwork' });
    expect(sut.actor.getSnapshot().hasTag('error')).toBe(true);
    sut.actor.send({ type: 'app.networkChanged', network: { name: 'testnet', chainId: 2 } });
    expect(sut.actor.getSnapshot().value).toEqual({ connected: 'ready' });
    await sut.wallet({ type: 'wallet.networkChanged', network: onLocal });
    expect(sut.actor.getSnapshot().value).toEqual({ connected: 'wrongNetwork' });
  });

  it('follows account changes, and notices a disconnect inside the wallet', async () => {
    const sut = await connected();
    await sut.wallet({
      type: 'wallet.accountChanged',
      account: { address: '0xb0b', publicKey: null },
    });
    expect(sut.actor.getSnapshot().context.account?.address).toBe('0xb0b');
    await sut.wallet({ type: 'wallet.accountChanged', account: null });
    expect(sut.actor.getSnapshot().value).toBe('disconnected');
    expect(sut.actor.getSnapshot().context.account).toBeNull();
  });

  it('keeps the status when the user rejects the connection', async () => {
    const sut = startWallet();
    await sut.wallet({ type: 'wallet.detected', wallets: ['Workbench Wallet'] });
    sut.actor.send({ type: 'connect', walletName: 'Workbench Wallet' });
    await sut.settle('connect', { error: 'User has rejected the request' });
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.value).toBe('rejected');
    expect(snapshot.context.error).toEqual({
      message: 'User has rejected the request',
      status: 'REJECTED',
    });
    sut.actor.send({ type: 'connect', walletName: 'Workbench Wallet' });
    expect(sut.actor.getSnapshot().value).toBe('connecting');
  });

  it.each([
    [{ name: 'WalletNotReadyError', message: 'Wallet not ready' }, 'unavailable'],
    [{ name: 'Error', message: 'Popup blocked' }, 'disconnected'],
    [{ name: 'WalletNotFoundError', message: 'Wallet not found' }, 'unavailable'],
    // A node error while connecting is not a missing wallet.
    [{ name: 'AptosApiError', message: 'Account not found by Address(0x1)' }, 'disconnected'],
    // The wallet approved and something later failed: not a refusal.
    [{ message: 'Submission failed', status: 'APPROVED' }, 'disconnected'],
    [{ message: 'Still waiting', status: 'PENDING' }, 'disconnected'],
    [{ message: 'Wrong chain', status: 'INVALID' }, 'rejected'],
    [{ message: 'Closed the prompt', status: 'CANCELLED' }, 'rejected'],
  ])('routes a failed connect (%o) to %s', async (error, expected) => {
    const sut = startWallet();
    await sut.wallet({ type: 'wallet.detected', wallets: ['Workbench Wallet'] });
    sut.actor.send({ type: 'connect', walletName: 'Workbench Wallet' });
    await sut.settle('connect', { error });
    expect(sut.actor.getSnapshot().value).toBe(expected);
    expect(sut.actor.getSnapshot().context.error?.message).toBe(error.message);
  });

  it('treats a connect that resolves without an account as not connected', async () => {
    const sut = startWallet();
    await sut.wallet({ type: 'wallet.detected', wallets: ['Workbench Wallet'] });
    sut.actor.send({ type: 'connect', walletName: 'Missing Wallet' });
    await sut.settle('connect', { output: { account: null, network: null } });
    expect(sut.actor.getSnapshot().value).toBe('disconnected');
    expect(sut.actor.getSnapshot().context.error?.message).toMatch(
      /Missing Wallet.*did not return an account/,
    );
  });

  it('disconnects, and stays connected when the wallet refuses to', async () => {
    const sut = await connected();
    sut.actor.send({ type: 'disconnect' });
    expect(sut.actor.getSnapshot().value).toBe('disconnecting');
    await sut.settle('disconnect', { error: new Error('wallet busy') });
    expect(sut.actor.getSnapshot().value).toEqual({ connected: 'ready' });
    expect(sut.actor.getSnapshot().context.error?.message).toBe('wallet busy');
    sut.actor.send({ type: 'disconnect' });
    await sut.settle('disconnect', { output: undefined });
    expect(sut.actor.getSnapshot().value).toBe('disconnected');
    expect(sut.actor.getSnapshot().context.account).toBeNull();
  });

  it('lets the user abandon a hanging connect', async () => {
    const sut = startWallet();
    await sut.wallet({ type: 'wallet.detected', wallets: ['Workbench Wallet'] });
    sut.actor.send({ type: 'connect', walletName: 'Workbench Wallet' });
    sut.actor.send({ type: 'disconnect' });
    await sut.settle('disconnect', { output: undefined });
    expect(sut.actor.getSnapshot().value).toBe('disconnected');
  });

  it('is unavailable when the watcher cannot start', () => {
    const sut = startWallet({ watchFails: true });
    expect(sut.actor.getSnapshot().value).toBe('unavailable');
    expect(sut.actor.getSnapshot().context.error?.message).toBe('wallet standard unavailable');
  });

  it('every state has a description', () => {
    for (const node of getStateNodes(walletMachine.root))
      expect(node.description, node.id).toBeTruthy();
  });
});

describe('toWalletError', () => {
  it.each([
    ['User has rejected the request', 'REJECTED'],
    [{ code: 4001, message: 'The user rejected the request' }, 'REJECTED'],
    [{ status: 'Rejected' }, 'REJECTED'],
    [{ message: 'Request cancelled' }, 'CANCELLED'],
    [new Error('Wallet not ready'), null],
  ])('%o → %s', (error, status) => {
    expect(toWalletError(error).status).toBe(status);
  });
});
