import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { StatePath } from 'xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { statePath, walletMachine } from '../../machines';
import type { WalletContext, WalletWatchEvent } from '../../machines';
import { edgesOf, leafPaths, uncoveredTransitions } from './support/coverage';
import { toModelMachine } from './support/modelMachine';
import { localNetwork, startWallet } from './support/walletHarness';

const account = { address: '0xa11ce', publicKey: '0xed' };
const walletLocal = { name: 'local', chainId: 4, url: 'http://127.0.0.1:8080/v1' };
const walletTestnet = { name: 'testnet', chainId: 2, url: null };
const testnet = { name: 'testnet', chainId: 2 };

const sampleEvents: AnyEventObject[] = [
  { type: 'connect', walletName: 'Workbench Wallet' },
  { type: 'wallet.detected', wallets: ['Workbench Wallet'] },
  { type: 'wallet.detected', wallets: [] },
  { type: 'wallet.reconnecting', walletName: 'Workbench Wallet' },
  { type: 'wallet.accountChanged', account: { address: '0xb0b', publicKey: null } },
  { type: 'wallet.accountChanged', account: null },
  { type: 'wallet.networkChanged', network: walletTestnet },
  { type: 'wallet.networkChanged', network: walletLocal },
  { type: 'app.networkChanged', network: testnet },
  { type: 'app.networkChanged', network: localNetwork },
  { type: 'xstate.done.actor.connect', output: { account, network: walletLocal } },
  { type: 'xstate.done.actor.connect', output: { account: null, network: null } },
  { type: 'xstate.error.actor.connect', error: 'User has rejected the request' },
  {
    type: 'xstate.error.actor.connect',
    error: { name: 'WalletNotReadyError', message: 'Wallet not ready' },
  },
  {
    type: 'xstate.error.actor.connect',
    error: { name: 'Error', message: 'Popup blocked by the browser' },
  },
  { type: 'xstate.done.actor.disconnect', output: undefined },
  { type: 'xstate.error.actor.disconnect', error: { message: 'Wallet did not disconnect' } },
  { type: 'xstate.error.actor.watchWallet', error: { message: 'wallet standard unavailable' } },
];

function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as WalletContext;
  return JSON.stringify({
    value: snapshot.value,
    app: context.appNetwork.chainId,
    wallet: context.walletNetwork?.chainId ?? null,
    connected: context.account !== null,
  });
}

const modelMachine = toModelMachine(walletMachine);
const model = createTestModel(modelMachine, {
  input: { appNetwork: localNetwork },
  events: sampleEvents,
  serializeState,
});

const WATCHER_EVENTS = new Set([
  'wallet.detected',
  'wallet.reconnecting',
  'wallet.accountChanged',
  'wallet.networkChanged',
]);

/**
 * Simple paths explode with all the context in the key; on state values and whether an account
 * is held there are a few hundred. The account matters: a failed disconnect goes back to
 * `connected` only with one, and `disconnecting` is reached both with and without.
 */
const valueModel = createTestModel(modelMachine, {
  input: { appNetwork: localNetwork },
  events: sampleEvents,
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      connected: (snapshot.context as WalletContext).account !== null,
    }),
});

async function runOnMachine(
  path: StatePath<AnyMachineSnapshot, EventObject>,
  checkNetworks = true,
): Promise<void> {
  const sut = startWallet();
  const executors: Record<string, (step: { event: AnyEventObject }) => Promise<void> | void> = {};
  for (const { type } of sampleEvents) {
    if (WATCHER_EVENTS.has(type)) {
      executors[type] = ({ event }) => sut.wallet(event as WalletWatchEvent);
    } else if (type === 'xstate.error.actor.watchWallet') {
      // A callback actor cannot fail after it started; the system relays its error like this.
      executors[type] = ({ event }) => sut.actor.send(event as never);
    } else if (type.startsWith('xstate.done.actor.')) {
      const id = type.slice('xstate.done.actor.'.length) as 'connect' | 'disconnect';
      executors[type] = ({ event }) => sut.settle(id, { output: event.output });
    } else if (type.startsWith('xstate.error.actor.')) {
      const id = type.slice('xstate.error.actor.'.length) as 'connect' | 'disconnect';
      executors[type] = ({ event }) => sut.settle(id, { error: event.error });
    } else {
      executors[type] = ({ event }) => sut.actor.send(event as never);
    }
  }
  executors.disconnect = ({ event }) => sut.actor.send(event as never);
  await model.testPath(path, {
    states: {
      '*': (expected) => {
        const snapshot = sut.actor.getSnapshot();
        const context = expected.context as WalletContext;
        expect(snapshot.value).toEqual(expected.value);
        expect([...snapshot.tags].sort()).toEqual([...expected.tags].sort());
        if (checkNetworks) {
          expect(snapshot.context.appNetwork.chainId).toBe(context.appNetwork.chainId);
          expect(snapshot.context.walletNetwork?.chainId ?? null).toBe(
            context.walletNetwork?.chainId ?? null,
          );
        }
        if (snapshot.matches('connected')) expect(snapshot.context.account).not.toBeNull();
        if (snapshot.matches('rejected')) expect(snapshot.context.error?.status).toBe('REJECTED');
        expect(JSON.parse(JSON.stringify(snapshot.context))).toEqual(snapshot.context);
      },
    },
    events: executors,
  });
  sut.actor.stop();
  expect(sut.watcherStopped()).toBe(true);
}

function describePath(path: StatePath<AnyMachineSnapshot, EventObject>): string {
  const events = path.steps
    .slice(1)
    .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
    .join(' → ');
  return `${statePath(path.state.value)} ← ${events || '(start)'}`;
}

describe('wallet machine model', () => {
  const shortestPaths = model.getShortestPaths();
  const simplePaths = valueModel.getSimplePaths();
  const edges = edgesOf(model.getAdjacencyMap());

  it('reaches every leaf state of the machine', () => {
    const reached = new Set(
      shortestPaths.flatMap((path) => path.steps.map((step) => statePath(step.state.value))),
    );
    expect([...reached].sort()).toEqual(leafPaths(walletMachine).sort());
  });

  it('takes every transition the machine declares', () => {
    expect(uncoveredTransitions(modelMachine, edges)).toEqual([]);
  });

  it.each(shortestPaths.map((path) => [describePath(path), path] as const))(
    'shortest path: %s',
    async (_, path) => {
      await runOnMachine(path);
    },
  );

  it(`follows all ${simplePaths.length} simple paths on the real machine`, async () => {
    const visited = new Set(
      simplePaths.flatMap((path) => path.steps.map((step) => statePath(step.state.value))),
    );
    expect([...visited].sort()).toEqual(leafPaths(walletMachine).sort());
    for (const path of simplePaths) await runOnMachine(path, false);
  }, 60_000);
});
