import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { AnyEventObject } from 'xstate';
import { statePath, walletMachine } from '../../machines';
import type { WalletContext } from '../../machines';
import { edgesOf } from './support/coverage';
import type { GraphSnapshot } from './support/coverage';
import { toModelMachine } from './support/modelMachine';
import { localNetwork } from './support/walletHarness';

/**
 * The wallet machine's contract as an explicit table written from DESIGN.md and
 * machines/README.md, never read from the machine. Every edge of the machine's graph is checked
 * against it, and every row must be taken.
 */
interface WalletContractState {
  state: string;
  appChainId: number;
  walletChainId: number | null;
  connected: boolean;
}

const walletLocal = { name: 'local', chainId: 4, url: 'http://127.0.0.1:8080/v1' };
const walletTestnet = { name: 'testnet', chainId: 2, url: null };

const samples: ReadonlyArray<readonly [string, AnyEventObject]> = [
  ['connect', { type: 'connect', walletName: 'Workbench Wallet' }],
  ['disconnect', { type: 'disconnect' }],
  ['reconnecting', { type: 'wallet.reconnecting', walletName: 'Workbench Wallet' }],
  ['detected:some', { type: 'wallet.detected', wallets: ['Workbench Wallet'] }],
  ['detected:none', { type: 'wallet.detected', wallets: [] }],
  [
    'accountChanged:other',
    { type: 'wallet.accountChanged', account: { address: '0xb0b', publicKey: null } },
  ],
  ['accountChanged:gone', { type: 'wallet.accountChanged', account: null }],
  ['walletNetwork:testnet', { type: 'wallet.networkChanged', network: walletTestnet }],
  ['walletNetwork:local', { type: 'wallet.networkChanged', network: walletLocal }],
  ['appNetwork:testnet', { type: 'app.networkChanged', network: { name: 'testnet', chainId: 2 } }],
  ['appNetwork:local', { type: 'app.networkChanged', network: localNetwork }],
  [
    'connect:account',
    {
      type: 'xstate.done.actor.connect',
      output: { account: { address: '0xa11ce', publicKey: null }, network: walletLocal },
    },
  ],
  [
    'connect:noAccount',
    { type: 'xstate.done.actor.connect', output: { account: null, network: null } },
  ],
  [
    'connect:userRejected',
    { type: 'xstate.error.actor.connect', error: 'User has rejected the request' },
  ],
  [
    'connect:walletMissing',
    {
      type: 'xstate.error.actor.connect',
      error: { name: 'WalletNotReadyError', message: 'Wallet not ready' },
    },
  ],
  [
    'connect:otherError',
    { type: 'xstate.error.actor.connect', error: { message: 'Popup blocked' } },
  ],
  ['disconnect:done', { type: 'xstate.done.actor.disconnect', output: undefined }],
  ['disconnect:failed', { type: 'xstate.error.actor.disconnect', error: { message: 'stuck' } }],
  ['watch:failed', { type: 'xstate.error.actor.watchWallet', error: { message: 'no standard' } }],
];
const nameOf = new Map(samples.map(([name, event]) => [JSON.stringify(event), name]));

type Row = (from: WalletContractState) => Partial<WalletContractState> & { state: string };

/** `connected.wrongNetwork` whenever the wallet's chain id is known and differs from the app's. */
function connectedState(s: Pick<WalletContractState, 'appChainId' | 'walletChainId'>): string {
  return s.walletChainId !== null && s.walletChainId !== s.appChainId
    ? 'connected.wrongNetwork'
    : 'connected.ready';
}

const stay: Row = (from) => ({ state: from.state });
const to =
  (state: string, update: Partial<WalletContractState> = {}): Row =>
  () => ({ state, ...update });
const cleared = { connected: false, walletChainId: null };

/** Rows of one state; events not listed fall back to {@link EVERYWHERE}. */
const CONTRACT: Record<string, Record<string, Row>> = {
  // A wallet that approved the app before comes back by itself (docs/wallets.md), no prompt.
  detecting: {
    'detected:some': to('disconnected'),
    'detected:none': to('unavailable'),
    reconnecting: to('reconnecting'),
  },
  unavailable: { 'detected:some': to('disconnected') },
  disconnected: {
    connect: to('connecting'),
    'detected:none': to('unavailable'),
    reconnecting: to('reconnecting'),
  },
  reconnecting: {
    disconnect: to('disconnecting'),
    'accountChanged:gone': to('disconnected', cleared),
    'accountChanged:other': (from) => ({ state: connectedState(from), connected: true }),
  },
  connecting: {
    'connect:account': (from) => ({
      state: connectedState({ appChainId: from.appChainId, walletChainId: 4 }),
      connected: true,
      walletChainId: 4,
    }),
    'connect:noAccount': to('disconnected'),
    'connect:userRejected': to('rejected'),
    'connect:walletMissing': to('unavailable'),
    'connect:otherError': to('disconnected'),
    disconnect: to('disconnecting'),
  },
  disconnecting: {
    'disconnect:done': to('disconnected', cleared),
    // A failed disconnect keeps a connection only if there was one.
    'disconnect:failed': (from) =>
      from.connected ? { state: connectedState(from) } : { state: 'disconnected', ...cleared },
  },
  rejected: { connect: to('connecting') },
};
const CONNECTED: Record<string, Row> = {
  disconnect: to('disconnecting'),
  'accountChanged:gone': to('disconnected', cleared),
  'accountChanged:other': (from) => ({ state: connectedState(from) }),
  // After a reload or a network switch the adapter reconnects; the connection is kept meanwhile.
  reconnecting: to('reconnecting'),
};
CONTRACT['connected.ready'] = CONNECTED;
CONTRACT['connected.wrongNetwork'] = CONNECTED;

/** Accepted in every state: context updates, and the watcher's failure. */
const EVERYWHERE: Record<string, Row> = {
  'detected:some': stay,
  'detected:none': stay,
  'walletNetwork:testnet': () => ({ state: '', walletChainId: 2 }),
  'walletNetwork:local': () => ({ state: '', walletChainId: 4 }),
  'appNetwork:testnet': () => ({ state: '', appChainId: 2 }),
  'appNetwork:local': () => ({ state: '', appChainId: 4 }),
  'watch:failed': to('unavailable'),
};

function expectedNext(from: WalletContractState, event: string): WalletContractState {
  const row = CONTRACT[from.state]?.[event] ?? EVERYWHERE[event];
  if (row === undefined) return from;
  const { state, ...update } = row(from);
  const next = { ...from, ...update, state: state === '' ? from.state : state };
  // Network changes move a connection between ready and wrongNetwork by themselves.
  return next.state.startsWith('connected.') ? { ...next, state: connectedState(next) } : next;
}

function contractState(snapshot: GraphSnapshot): WalletContractState {
  const context = (snapshot as unknown as { context: WalletContext }).context;
  return {
    state: statePath(snapshot.value),
    appChainId: context.appNetwork.chainId,
    walletChainId: context.walletNetwork?.chainId ?? null,
    connected: context.account !== null,
  };
}

const model = createTestModel(toModelMachine(walletMachine), {
  input: { appNetwork: localNetwork },
  events: samples.map(([, event]) => event),
  serializeState: (snapshot) => JSON.stringify(contractState(snapshot as unknown as GraphSnapshot)),
});
const edges = edgesOf(model.getAdjacencyMap());
const nameOfEdge = (event: AnyEventObject) => nameOf.get(JSON.stringify(event)) ?? event.type;

describe('wallet machine against its contract table (DESIGN.md, written independently)', () => {
  it('every edge of the machine goes where the contract says', () => {
    expect(edges.length).toBeGreaterThan(50);
    const wrong = edges.flatMap((edge) => {
      const from = contractState(edge.from);
      const name = nameOfEdge(edge.event as AnyEventObject);
      const actual = contractState(edge.to);
      const expected = expectedNext(from, name);
      return JSON.stringify(actual) === JSON.stringify(expected)
        ? []
        : [
            `${JSON.stringify(from)} --${name}--> ${JSON.stringify(actual)}, contract: ${JSON.stringify(expected)}`,
          ];
    });
    expect(wrong).toEqual([]);
  });

  it('the machine takes every row of the contract', () => {
    const taken = new Set(
      edges.map(
        (edge) => `${statePath(edge.from.value)} ${nameOfEdge(edge.event as AnyEventObject)}`,
      ),
    );
    const missing = Object.entries(CONTRACT).flatMap(([state, rows]) =>
      Object.keys(rows)
        .map((event) => `${state} ${event}`)
        .filter((row) => !taken.has(row)),
    );
    expect(missing).toEqual([]);
  });
});
