/**
 * The wallet machine's details, exactly: what each actor is handed, the starting context, how a
 * thrown value is read (toWalletError), and which adapter messages mean "the wallet is missing".
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { toWalletError, toWalletStatus, walletMachine } from '../../machines';
import type {
  ConnectInput,
  ConnectOutput,
  DisconnectInput,
  WalletWatchEvent,
  WatchWalletInput,
} from '../../machines';
import { localNetwork } from './support/walletHarness';

const ACCOUNT = { address: `0x${'a1'.repeat(32)}`, publicKey: `0x${'b2'.repeat(32)}` };

/** A wallet actor whose connect answers `connect()`, recording every actor's input. */
function start(connect: () => Promise<ConnectOutput>) {
  const inputs: Record<string, unknown> = {};
  let sendBack: ((event: WalletWatchEvent) => void) | null = null;
  const logic = walletMachine.provide({
    actors: {
      connect: fromPromise<ConnectOutput, ConnectInput>(async ({ input }) => {
        inputs.connect = input;
        return connect();
      }),
      disconnect: fromPromise<unknown, DisconnectInput>(async ({ input }) => {
        inputs.disconnect = input;
        return null;
      }),
      watchWallet: fromCallback<EventObject, WatchWalletInput>(({ input, sendBack: send }) => {
        inputs.watchWallet = input;
        sendBack = send as (event: WalletWatchEvent) => void;
      }),
    },
  });
  const actor = createActor(logic, { input: { appNetwork: localNetwork } }).start();
  const wallet = (event: WalletWatchEvent) => sendBack?.(event);
  return { actor, inputs, wallet };
}

describe('wallet machine details', () => {
  it('starts with no wallets, name, account, network or error', () => {
    const { actor } = start(async () => ({ account: ACCOUNT, network: null }));
    expect(actor.getSnapshot().context).toStrictEqual({
      appNetwork: localNetwork,
      wallets: [],
      walletName: null,
      account: null,
      walletNetwork: null,
      error: null,
    });
  });

  it('hands each actor exactly what it needs', async () => {
    const { actor, inputs, wallet } = start(async () => ({ account: ACCOUNT, network: null }));
    expect(inputs.watchWallet).toStrictEqual({ appNetwork: localNetwork });
    wallet({ type: 'wallet.detected', wallets: ['Petra'] });
    actor.send({ type: 'connect', walletName: 'Petra' });
    await waitFor(actor, (s) => s.matches('connected'));
    expect(inputs.connect).toStrictEqual({ walletName: 'Petra', appNetwork: localNetwork });
    actor.send({ type: 'disconnect' });
    await waitFor(actor, (s) => s.matches('disconnected'));
    expect(inputs.disconnect).toStrictEqual({ walletName: 'Petra' });
  });

  it('a connect error that says the wallet is missing leads to unavailable; others do not', async () => {
    const after = async (message: string) => {
      const { actor, wallet } = start(() => Promise.reject(new Error(message)));
      wallet({ type: 'wallet.detected', wallets: ['Petra'] });
      actor.send({ type: 'connect', walletName: 'Petra' });
      await waitFor(actor, (s) => !s.matches('connecting'));
      return String(actor.getSnapshot().value);
    };
    expect(await after('Wallet not ready')).toBe('unavailable');
    expect(await after('Petra is not installed')).toBe('unavailable');
    expect(await after('The wallet has not been detected')).toBe('unavailable');
    expect(await after('Wallet not detected')).toBe('unavailable');
    expect(await after('Wallet was not found')).toBe('unavailable');
    expect(await after('wallet not found')).toBe('unavailable');
    expect(await after('WalletNotSelectedError')).toBe('unavailable');
    expect(await after('wallet not selected')).toBe('unavailable');
    expect(await after('The request timed out')).toBe('disconnected');
  });
});

describe('the default actors', () => {
  it('say which effect was not provided', () => {
    const actor = createActor(walletMachine, { input: { appNetwork: localNetwork } }).start();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.error).toStrictEqual({
      message: 'watchWallet not provided',
      status: null,
    });
  });

  it('connect and disconnect say so too', async () => {
    const logic = walletMachine.provide({
      actors: { watchWallet: fromCallback<EventObject, WatchWalletInput>(() => undefined) },
    });
    const actor = createActor(logic, { input: { appNetwork: localNetwork } }).start();
    actor.send({ type: 'wallet.detected', wallets: ['Petra'] });
    actor.send({ type: 'connect', walletName: 'Petra' });
    await waitFor(actor, (s) => !s.matches('connecting'));
    expect(actor.getSnapshot().context.error?.message).toBe('connect not provided');
  });
});

describe('a wallet that connects without an account', () => {
  it('is told so by name', async () => {
    const { actor, wallet } = start(async () => ({ account: null, network: null }));
    wallet({ type: 'wallet.detected', wallets: ['Petra'] });
    actor.send({ type: 'connect', walletName: 'Petra' });
    await waitFor(actor, (s) => !s.matches('connecting'));
    expect(actor.getSnapshot().context.error).toStrictEqual({
      message: 'The wallet “Petra” did not return an account. Is it installed and unlocked?',
      status: null,
    });
  });
});

describe('toWalletStatus', () => {
  it('knows the five statuses in any case, and CANCELED; nothing else', () => {
    expect(
      ['approved', 'Rejected', 'CANCELLED', 'canceled', 'Invalid', 'pending'].map(toWalletStatus),
    ).toEqual(['APPROVED', 'REJECTED', 'CANCELLED', 'CANCELLED', 'INVALID', 'PENDING']);
    expect(toWalletStatus('DECLINED')).toBeNull();
    expect(toWalletStatus(1)).toBeNull();
  });
});

describe('toWalletError', () => {
  it('reads a string, an object’s message, and anything else as its text', () => {
    expect(toWalletError('User rejected the request')).toStrictEqual({
      message: 'User rejected the request',
      status: 'REJECTED',
    });
    expect(toWalletError({ message: 'popup closed' })).toStrictEqual({
      message: 'popup closed',
      status: 'CANCELLED',
    });
    expect(toWalletError({ code: 4001, message: 'no' })).toStrictEqual({
      message: 'no',
      status: 'REJECTED',
    });
    expect(toWalletError({ status: 'Rejected' })).toStrictEqual({
      message: '[object Object]',
      status: 'REJECTED',
    });
    expect(toWalletError(null)).toStrictEqual({ message: 'null', status: null });
    expect(toWalletError(undefined)).toStrictEqual({ message: 'undefined', status: null });
    expect(toWalletError(4001)).toStrictEqual({ message: '4001', status: null });
    // Only an object is read for fields: a thrown function is read as its text.
    const thrown = Object.assign(() => undefined, { message: 'a field', code: 4001 });
    expect(toWalletError(thrown)).toStrictEqual({ message: String(thrown), status: null });
  });
});
