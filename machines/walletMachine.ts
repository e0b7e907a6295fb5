import { assertEvent, assign, fromCallback, fromPromise, not, setup } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';
import { isRefusal, refusalStatus } from './walletRefusal';
import type { WalletRequestStatus } from './types';

/** The network the workbench has selected. */
export interface AppNetwork {
  name: string;
  chainId: number;
}

/** The network the wallet reports; `chainId` is `null` when the wallet does not say. */
export interface WalletNetwork {
  name: string;
  chainId: number | null;
  url: string | null;
}

/** The connected account, JSON-safe (no `AccountInfo` instance). */
export interface WalletAccount {
  address: string;
  publicKey: string | null;
}

/** What `connect` resolves with. `account: null` means the wallet did not connect. */
export interface ConnectOutput {
  account: WalletAccount | null;
  network: WalletNetwork | null;
}

/** Input of the wallet machine. */
export interface WalletInput {
  appNetwork: AppNetwork;
}

/** An error the wallet machine keeps: what happened, and the wallet's status when known. */
export interface WalletError {
  message: string;
  status: WalletRequestStatus | null;
}

/** Context of the wallet machine; JSON-safe. */
export interface WalletContext {
  appNetwork: AppNetwork;
  /** Names of the wallets found (AIP-62 registered). */
  wallets: string[];
  /** The wallet a connection was asked for. */
  walletName: string | null;
  account: WalletAccount | null;
  walletNetwork: WalletNetwork | null;
  error: WalletError | null;
}

/**
 * Events of the wallet machine. From the user: `connect`, `disconnect`. From the wallet (sent by
 * the `watchWallet` actor): `wallet.detected` (the list of wallets changed; an addition to
 * DESIGN.md), `wallet.reconnecting` (a wallet that approved the app before is reconnecting by
 * itself, after a reload or a network switch; also an addition), `wallet.accountChanged` (`account: null` when the wallet disconnected on its side),
 * `wallet.networkChanged`. From the app: `app.networkChanged`.
 */
export type WalletEvent =
  | { type: 'connect'; walletName: string }
  | { type: 'disconnect' }
  | { type: 'wallet.detected'; wallets: string[] }
  | { type: 'wallet.reconnecting'; walletName: string }
  | { type: 'wallet.accountChanged'; account: WalletAccount | null }
  | { type: 'wallet.networkChanged'; network: WalletNetwork }
  | { type: 'app.networkChanged'; network: AppNetwork };

/** Events `watchWallet` may send to the machine. */
export type WalletWatchEvent = Extract<
  WalletEvent,
  {
    type:
      'wallet.detected' | 'wallet.reconnecting' | 'wallet.accountChanged' | 'wallet.networkChanged';
  }
>;

/** Tags of the wallet machine. */
export type WalletTag = 'busy' | 'error';

/** Input of `connect`. */
export interface ConnectInput {
  walletName: string;
  appNetwork: AppNetwork;
}
/** Input of `disconnect`. */
export interface DisconnectInput {
  walletName: string | null;
}
/** Input of `watchWallet`. */
export interface WatchWalletInput {
  appNetwork: AppNetwork;
}

/**
 * The named effects of the wallet machine; stubs throw `'<name> not provided'`.
 * `watchWallet` runs for the machine's whole life and sends {@link WalletWatchEvent}s.
 */
export const walletActors = {
  connect: fromPromise<ConnectOutput, ConnectInput>(async () => {
    throw new Error('connect not provided');
  }),
  disconnect: fromPromise<unknown, DisconnectInput>(async () => {
    throw new Error('disconnect not provided');
  }),
  watchWallet: fromCallback<EventObject, WatchWalletInput>(() => {
    throw new Error('watchWallet not provided');
  }),
};

/** The logic type of each wallet actor. */
export type WalletActorLogic = typeof walletActors;

/** Reads a thrown wallet/adapter value (often a plain string) into a {@link WalletError}. */
export function toWalletError(error: unknown): WalletError {
  const record =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : null;
  const message =
    typeof error === 'string'
      ? error
      : typeof record?.message === 'string'
        ? record.message
        : String(error);
  const status = refusalStatus({ status: record?.status, code: record?.code, message });
  return { message, status };
}

/** True when the adapter reports the wallet as missing rather than refusing. */
function isMissingWallet(message: string): boolean {
  return /not ready|not installed|not (been )?detected|wallet (was )?not found|wallet ?not ?selected/i.test(
    message,
  );
}

function errorOf(event: EventObject): WalletError {
  return toWalletError('error' in event ? event.error : undefined);
}

/**
 * Wallet connection (DESIGN.md): `detecting` → `disconnected` ⇄ `connecting` → `connected`
 * (`ready` | `wrongNetwork`) → `disconnecting`, plus `rejected` and `unavailable`.
 *
 * The adapter never compares networks, so this machine does: `connected.wrongNetwork` whenever the
 * wallet's chain id differs from the app's.
 *
 * @example
 * ```ts
 * const actor = createActor(walletMachine.provide({ actors: { connect, disconnect, watchWallet } }),
 *   { input: { appNetwork: { name: 'local', chainId: 4 } } }).start();
 * actor.send({ type: 'connect', walletName: 'Workbench Wallet' });
 * ```
 */
export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as WalletInput,
    tags: {} as WalletTag,
  },
  actors: walletActors,
  actions: {
    assignWallets: assign(({ event }) => {
      assertEvent(event, 'wallet.detected');
      return { wallets: event.wallets };
    }),
    assignWalletNetwork: assign(({ event }) => {
      assertEvent(event, 'wallet.networkChanged');
      return { walletNetwork: event.network };
    }),
    assignAppNetwork: assign(({ event }) => {
      assertEvent(event, 'app.networkChanged');
      return { appNetwork: event.network };
    }),
    assignAccount: assign(({ event }) => {
      assertEvent(event, 'wallet.accountChanged');
      return { account: event.account };
    }),
    assignWalletName: assign(({ event }) => {
      assertEvent(event, ['connect', 'wallet.reconnecting']);
      return { walletName: event.walletName, error: null };
    }),
    assignConnection: assign((_, params: { connection: ConnectOutput }) => ({
      account: params.connection.account,
      walletNetwork: params.connection.network,
      error: null,
    })),
    assignNoAccount: assign(({ context }) => ({
      error: {
        message: `The wallet “${context.walletName ?? '?'}” did not return an account. Is it installed and unlocked?`,
        status: null,
      },
    })),
    assignError: assign(({ event }) => ({ error: errorOf(event) })),
    clearConnection: assign({ account: null, walletNetwork: null }),
  },
  guards: {
    hasWallets: ({ event }) => {
      assertEvent(event, 'wallet.detected');
      return event.wallets.length > 0;
    },
    hasAccount: (_, params: { connection: ConnectOutput }) => params.connection.account !== null,
    isUserRefusal: ({ event }) => isRefusal(errorOf(event).status),
    isMissingWallet: ({ event }) => isMissingWallet(errorOf(event).message),
    isConnectedAccount: ({ context }) => context.account !== null,
    isAccountGone: ({ event }) => {
      assertEvent(event, 'wallet.accountChanged');
      return event.account === null;
    },
    isWrongNetwork: ({ context }) =>
      context.walletNetwork?.chainId != null &&
      context.walletNetwork.chainId !== context.appNetwork.chainId,
  },
}).createMachine({
  id: 'wallet',
  description: 'The connection between the workbench and a browser wallet.',
  context: ({ input }) => ({
    appNetwork: input.appNetwork,
    wallets: [],
    walletName: null,
    account: null,
    walletNetwork: null,
    error: null,
  }),
  // A callback actor never completes, so there is no onDone: the watcher lives as long as the
  // machine, and only its failure (e.g. no wallet standard in this page) needs a route.
  invoke: {
    id: 'watchWallet',
    src: 'watchWallet',
    input: ({ context }) => ({ appNetwork: context.appNetwork }),
    onError: { target: '.unavailable', actions: 'assignError' },
  },
  on: {
    'wallet.detected': { actions: 'assignWallets' },
    'wallet.networkChanged': { actions: 'assignWalletNetwork' },
    'app.networkChanged': { actions: 'assignAppNetwork' },
  },
  initial: 'detecting',
  states: {
    detecting: {
      description: 'Looking for installed wallets.',
      tags: ['busy'],
      on: {
        'wallet.reconnecting': { target: 'reconnecting', actions: 'assignWalletName' },
        'wallet.detected': [
          { guard: 'hasWallets', target: 'disconnected', actions: 'assignWallets' },
          { target: 'unavailable', actions: 'assignWallets' },
        ],
      },
    },
    unavailable: {
      description: 'No wallet is installed (or the wallet integration failed).',
      tags: ['error'],
      on: {
        'wallet.detected': {
          guard: 'hasWallets',
          target: 'disconnected',
          actions: 'assignWallets',
        },
      },
    },
    disconnected: {
      description: 'A wallet is available; none is connected.',
      on: {
        connect: { target: 'connecting', actions: 'assignWalletName' },
        'wallet.reconnecting': { target: 'reconnecting', actions: 'assignWalletName' },
        'wallet.detected': {
          guard: not('hasWallets'),
          target: 'unavailable',
          actions: 'assignWallets',
        },
      },
    },
    connecting: {
      description: 'Waiting for the wallet to approve the connection.',
      tags: ['busy'],
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => ({
          walletName: context.walletName ?? '',
          appNetwork: context.appNetwork,
        }),
        onDone: [
          {
            guard: { type: 'hasAccount', params: ({ event }) => ({ connection: event.output }) },
            target: 'connected',
            actions: {
              type: 'assignConnection',
              params: ({ event }) => ({ connection: event.output }),
            },
          },
          { target: 'disconnected', actions: 'assignNoAccount' },
        ],
        onError: [
          { guard: 'isUserRefusal', target: 'rejected', actions: 'assignError' },
          { guard: 'isMissingWallet', target: 'unavailable', actions: 'assignError' },
          { target: 'disconnected', actions: 'assignError' },
        ],
      },
      on: { disconnect: { target: 'disconnecting' } },
    },
    reconnecting: {
      description:
        'A wallet that approved this app before reconnects by itself (after a reload or a network switch), without a prompt.',
      tags: ['busy'],
      on: {
        disconnect: { target: 'disconnecting' },
        'wallet.accountChanged': [
          { guard: 'isAccountGone', target: 'disconnected', actions: 'clearConnection' },
          { target: 'connected', actions: 'assignAccount' },
        ],
      },
    },
    connected: {
      description: 'Connected: the account and the wallet’s network are known.',
      initial: 'ready',
      on: {
        disconnect: { target: 'disconnecting' },
        'wallet.reconnecting': { target: 'reconnecting', actions: 'assignWalletName' },
        'wallet.accountChanged': [
          { guard: 'isAccountGone', target: 'disconnected', actions: 'clearConnection' },
          { actions: 'assignAccount' },
        ],
      },
      states: {
        ready: {
          description: 'The wallet is on the selected network: ready to sign.',
          always: { guard: 'isWrongNetwork', target: 'wrongNetwork' },
        },
        wrongNetwork: {
          description:
            'The wallet’s chain id differs from the selected network’s; switch one of them.',
          tags: ['error'],
          always: { guard: not('isWrongNetwork'), target: 'ready' },
        },
      },
    },
    disconnecting: {
      description: 'Asking the wallet to disconnect.',
      tags: ['busy'],
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        input: ({ context }) => ({ walletName: context.walletName }),
        onDone: { target: 'disconnected', actions: 'clearConnection' },
        // A failed disconnect leaves a connection only if there was one (not when connecting).
        onError: [
          { guard: 'isConnectedAccount', target: 'connected', actions: 'assignError' },
          { target: 'disconnected', actions: ['assignError', 'clearConnection'] },
        ],
      },
    },
    rejected: {
      description: 'The wallet refused the connection; its status is kept. Connect to try again.',
      tags: ['error'],
      on: {
        connect: { target: 'connecting', actions: 'assignWalletName' },
      },
    },
  },
});

/** A snapshot of the wallet machine. */
export type WalletSnapshot = SnapshotFrom<typeof walletMachine>;
