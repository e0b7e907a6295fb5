import type { Network } from '@aptos-labs/ts-sdk';
import type { InputTransactionData } from '@aptos-labs/wallet-adapter-react';
import type { WalletAccount, WalletNetwork } from '../../machines';

/** One wallet as the adapter lists it. `icon` is kept only as a data URI: nothing remote loads. */
export interface WalletListing {
  readonly name: string;
  readonly icon?: string;
  /** Where to get the wallet (for wallets that are not installed). */
  readonly url?: string;
  /** Whether the wallet offers `aptos:changeNetwork`. */
  readonly canChangeNetwork: boolean;
}

/**
 * What the mounted wallet adapter shows, as plain data. The adapter provider is remounted when the
 * network changes; each mount is a new `generation`.
 */
export interface AdapterView {
  readonly generation: number;
  /** The adapter has listed its wallets (or gave up loading: its `isLoading` can stay true). */
  readonly ready: boolean;
  readonly connected: boolean;
  readonly walletName: string | null;
  readonly account: WalletAccount | null;
  readonly network: WalletNetwork | null;
  /** Installed wallets, as the adapter lists them (keyless ones included). */
  readonly wallets: readonly WalletListing[];
  /** Wallets the adapter knows of that are not installed in this browser. */
  readonly notDetected: readonly WalletListing[];
}

/** The adapter calls the actors need, as promises (the adapter types some of them `void`). */
export interface AdapterCommands {
  connect(walletName: string): Promise<void>;
  disconnect(): Promise<void>;
  changeNetwork(network: Network): Promise<void>;
  signAndSubmitTransaction(input: InputTransactionData): Promise<{ hash: string }>;
  /** Calls a wallet's own `aptos:disconnect`, for when the adapter no longer holds the wallet. */
  disconnectWallet(walletName: string): Promise<void>;
}

/** Everything the bridge holds; a new object after every change. */
export interface AdapterBridgeState {
  readonly view: AdapterView;
  /** The wallet being reconnected after the adapter was remounted, if any. */
  readonly reattaching: string | null;
  /** Bumped when someone asks to look for wallets again. */
  readonly scan: number;
}

/**
 * The meeting point of the wallet machine (which outlives the adapter) and the wallet adapter
 * (which is remounted for each network): the adapter side publishes its view and commands, the
 * actors read and subscribe.
 */
export interface AdapterBridge {
  getState(): AdapterBridgeState;
  subscribe(listener: () => void): () => void;
  /** The latest adapter view. */
  view(): AdapterView;
  /** The mounted adapter's calls, or `null` before it mounts. */
  commands(): AdapterCommands | null;
  /** Starts a new adapter generation; after `detectionTimeoutMs` it counts as ready anyway. */
  attach(): number;
  /** Publishes what the adapter of `view.generation` shows. Older generations are ignored. */
  publish(args: {
    view: Omit<AdapterView, 'ready'> & { loading: boolean };
    commands: AdapterCommands;
  }): void;
  setReattaching(walletName: string | null): void;
  /** Asks the watcher to announce the wallet list again. */
  rescan(): void;
  /**
   * Resolves with the first view that satisfies `predicate`, or `null` after `timeoutMs`.
   */
  waitFor(
    predicate: (view: AdapterView) => boolean,
    timeoutMs: number,
  ): Promise<AdapterView | null>;
}

const EMPTY_VIEW: AdapterView = {
  generation: 0,
  ready: false,
  connected: false,
  walletName: null,
  account: null,
  network: null,
  wallets: [],
  notDetected: [],
};

/**
 * Creates an {@link AdapterBridge}.
 *
 * @param args.detectionTimeoutMs - How long a new adapter may stay loading before its wallet list
 *   is taken as final (the adapter's `isLoading` stays true when it lists no wallet).
 * @example
 * ```ts
 * const bridge = createAdapterBridge();
 * const generation = bridge.attach();
 * bridge.publish({ view: { ...view, generation, loading: false }, commands });
 * ```
 */
export function createAdapterBridge(args: { detectionTimeoutMs?: number } = {}): AdapterBridge {
  const detectionTimeoutMs = args.detectionTimeoutMs ?? 3_000;
  let state: AdapterBridgeState = { view: EMPTY_VIEW, reattaching: null, scan: 0 };
  let commands: AdapterCommands | null = null;
  let generation = 0;
  let timedOut = new Set<number>();
  const listeners = new Set<() => void>();

  const update = (next: Partial<AdapterBridgeState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    view: () => state.view,
    commands: () => commands,
    attach() {
      generation += 1;
      const mine = generation;
      setTimeout(() => {
        timedOut = new Set([...timedOut, mine]);
        if (state.view.generation === mine && !state.view.ready) {
          update({ view: { ...state.view, ready: true } });
        }
      }, detectionTimeoutMs);
      return mine;
    },
    publish({ view, commands: next }) {
      if (view.generation < state.view.generation) return;
      const { loading, ...rest } = view;
      const sameGeneration = view.generation === state.view.generation;
      // Once listed, a generation stays ready: `isLoading` turns true again during connect.
      const ready =
        !loading || (sameGeneration && state.view.ready) || timedOut.has(view.generation);
      commands = next;
      update({ view: { ...rest, ready } });
    },
    setReattaching(walletName) {
      if (state.reattaching !== walletName) update({ reattaching: walletName });
    },
    rescan() {
      update({ scan: state.scan + 1 });
    },
    waitFor(predicate, timeoutMs) {
      if (predicate(state.view)) return Promise.resolve(state.view);
      return new Promise((resolve) => {
        const stop = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        const check = () => {
          if (!predicate(state.view)) return;
          stop();
          resolve(state.view);
        };
        const timer = setTimeout(() => {
          stop();
          resolve(null);
        }, timeoutMs);
        listeners.add(check);
      });
    },
  };
}
