import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { walletMachine, type ConnectOutput } from '../../../machines';
import { createWorkbenchTrace } from '../../../src/inspection/workbenchTrace';
import { recordingClient } from '../../../src/inspection/recordingClient';
import { fromWorkbenchTrace } from '../../../src/features/visualizer/sources/visualizerData';

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the workbench trace', () => {
  it('records a wallet connect: transitions with contexts, the event, the invoked actor and its result', async () => {
    let clock = 1_000;
    const trace = createWorkbenchTrace({ now: () => (clock += 10) });
    const logic = walletMachine.provide({
      actors: {
        watchWallet: fromPromise(() => new Promise<never>(() => {})) as never,
        connect: fromPromise(
          async () =>
            ({
              account: { address: '0xa11ce', publicKey: null },
              network: { name: 'local', chainId: 4 },
            }) as unknown as ConnectOutput,
        ) as never,
      },
    });
    const actor = createActor(logic, {
      input: { appNetwork: { name: 'local', chainId: 4 } },
      inspect: trace.inspectWallet,
    }).start();
    actor.send({ type: 'wallet.detected', wallets: ['Dev'] });
    actor.send({ type: 'connect', walletName: 'Dev' });
    await settle();
    const { transitions, messages } = trace.getSnapshot();
    expect(transitions.wallet.map((t) => `${t.source ?? '(start)'} → ${t.target}`)).toEqual([
      '(start) → detecting',
      'detecting → disconnected',
      'disconnected → connecting',
      'connecting → connected.ready',
    ]);
    expect(transitions.wallet[2]?.context).toMatchObject({ walletName: 'Dev' });
    expect(transitions.wallet.map((t) => t.seq)).toEqual([1, 2, 3, 4]);
    const summary = messages.map((m) => `${m.from}>${m.to} ${m.kind} ${m.label} #${m.seq}`);
    expect(summary).toContain('app>wallet event connect #3');
    expect(summary).toContain('wallet>wallet invoke connect #3');
    expect(summary).toContain('wallet>wallet done connect done #4');
    const invoke = messages.find((m) => m.kind === 'invoke' && m.label === 'connect');
    expect(invoke?.endAt).toBeGreaterThan(invoke?.at ?? Infinity);
    actor.stop();
  });

  it('records HTTP calls through the ts-sdk client and keeps them in start order', async () => {
    const trace = createWorkbenchTrace();
    const client = recordingClient(
      {
        provider: async <Req, Res>() =>
          ({ status: 404, statusText: 'Not Found', data: {} as Res }) as never as {
            status: number;
            statusText: string;
            data: Res;
          } & { req?: Req },
      },
      trace.recordHttp,
    );
    const response = await client.provider({
      url: 'http://127.0.0.1:8080/v1/accounts/0x1',
      method: 'GET',
    });
    expect(response.status).toBe(404);
    const [call] = trace.getSnapshot().messages;
    expect(call).toMatchObject({
      kind: 'http',
      label: 'GET /v1/accounts/0x1',
      status: '404',
      from: 'app',
      to: 'node',
    });
    expect(fromWorkbenchTrace(trace.getSnapshot(), null).messages).toHaveLength(1);
  });

  it('drops the oldest transitions beyond its limit and counts them', () => {
    const trace = createWorkbenchTrace({ limit: 3 });
    const actor = createActor(
      walletMachine.provide({
        actors: { watchWallet: fromPromise(() => new Promise<never>(() => {})) as never },
      }),
      { input: { appNetwork: { name: 'local', chainId: 4 } }, inspect: trace.inspectWallet },
    ).start();
    for (let index = 0; index < 3; index += 1) {
      actor.send({ type: 'wallet.detected', wallets: [] });
      actor.send({ type: 'wallet.detected', wallets: ['Dev'] });
    }
    const snapshot = trace.getSnapshot();
    expect(snapshot.transitions.wallet).toHaveLength(3);
    expect(snapshot.dropped.wallet).toBe(4);
    expect(snapshot.transitions.wallet.map((t) => t.seq)).toEqual([5, 6, 7]);
    actor.stop();
  });
});
