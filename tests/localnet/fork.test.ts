import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoveTrace } from '../../localnet/move/vm/traceTypes.ts';
import { readTableItem } from '../../localnet/node/views.ts';
import { tableKey, type TableItemValue } from '../../localnet/storage/types.ts';
import { buildHistory, outcome, signedBytes } from './forkBed.ts';
import { asUser, startChain, type Chain } from './helpers.ts';

/**
 * Fork mode (issue 34) on the offline test bed: an embedded chain with history is the upstream,
 * a second one forks it at a version in the middle of that history. Upstream transactions up to
 * the fork point re-execute on the fork (on the upstream's state just before each) exactly as
 * they committed; the upstream's transactions after the fork point, submitted to the fork, commit
 * there with exactly the upstream's outcome; new transactions commit on the fork only.
 */
let upstream: Chain;
let fork: Chain;
let history: Awaited<ReturnType<typeof buildHistory>>;
/** The 50 upstream user transactions re-executed on the fork (versions up to the fork point). */
let replayed: UserTransactionResponse[];
/** The upstream's transactions after the fork point. */
let after: UserTransactionResponse[];
let forkVersion: number;

const ledger = async (chain: Chain) =>
  (await (await chain.rest('')).json()) as {
    ledger_version: string;
    block_height: string;
    chain_id: number;
  };

async function reexecute(
  version: string,
): Promise<{ tx: UserTransactionResponse; native: string | null }> {
  const response = await fetch(
    `${fork.localnet.urls.rest.replace(/\/v1$/, '')}/workbench/reexecute`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    },
  );
  const json = (await response.json()) as UserTransactionResponse[];
  expect(response.status, JSON.stringify(json)).toBe(200);
  return {
    tx: json[0] as UserTransactionResponse,
    native: response.headers.get('x-workbench-native-framework'),
  };
}

beforeAll(async () => {
  upstream = await startChain();
  history = await buildHistory(upstream);
  await history.round(0);
  const start = history.done.length;
  for (let i = 1; i <= 8; i += 1) await history.round(i);
  replayed = history.done.slice(start, start + 50);
  forkVersion = Number(replayed[replayed.length - 1]?.version);
  // The upstream goes on after the fork point: the fork is in the middle of its history.
  await history.round(9);
  after = history.done.slice(start + 50);
  fork = await startChain({ fork: { url: upstream.localnet.urls.rest, version: forkVersion } });
}, 180_000);
afterAll(async () => {
  await fork?.localnet.stop();
  await upstream?.localnet.stop();
});

describe('fork mode: a chain forked from an embedded chain', () => {
  it('starts at the fork point with the upstream chain id, its block next', async () => {
    const info = await ledger(fork);
    expect(info.ledger_version).toBe(String(forkVersion));
    expect(info.chain_id).toBe(4);
    const block = (await (await upstream.rest(`/blocks/by_version/${forkVersion}`)).json()) as {
      block_height: string;
    };
    expect(info.block_height).toBe(block.block_height);
  });

  it('re-executes 50 upstream transactions at their versions exactly as committed (status, gas, events, write set)', async () => {
    expect(replayed).toHaveLength(50);
    // Every kind is there: failed ones, the published package's calls, a coin as asset, tokens.
    expect(replayed.filter((tx) => tx.vm_status === 'Out of gas').length).toBeGreaterThanOrEqual(7);
    expect(
      replayed.filter((tx) => tx.vm_status.includes('EINSUFFICIENT_BALANCE')).length,
    ).toBeGreaterThanOrEqual(7);
    const functions = new Set(replayed.map((tx) => (tx.payload as { function: string }).function));
    expect([...functions].some((f) => f.endsWith('::my_coin::mint_gold'))).toBe(true);
    expect(functions).toContain('0x4::aptos_token::mint');
    expect(functions).toContain('0x1::aptos_account::transfer_coins');
    const progress = fork.localnet.node.fork?.state.upstream.progress;
    const before = { ...progress };
    for (const committed of replayed) {
      const { tx, native } = await reexecute(committed.version);
      expect(outcome(tx), `version ${committed.version}`).toBe(outcome(committed));
      // The framework functions it ran natively here (the upstream ran its own bytecode).
      const fn = (committed.payload as { function: string }).function;
      const natives = (native ?? '').split(',');
      if (fn.startsWith('0x1::') || fn.startsWith('0x4::')) expect(natives).toContain(fn);
      else {
        expect(natives.some((name) => name.includes('::my_coin::'))).toBe(false);
        expect(natives.some((name) => name.startsWith('0x1::coin::'))).toBe(true);
      }
    }
    // An object's resource group is read as one listing of its account, not one GET per member
    // (a transfer alone would take over 60 requests).
    const requests = (progress?.requests ?? 0) - (before.requests ?? 0);
    expect(requests / replayed.length).toBeLessThan(25);
  }, 120_000);

  it('commits the upstream transactions after the fork point on top, with their outcome', async () => {
    let last = forkVersion;
    for (const committed of after) {
      const response = await fork.rest('/transactions', {
        method: 'POST',
        headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' },
        body: await signedBytes(upstream, committed.version),
      });
      expect(response.status, await response.clone().text()).toBe(202);
      const done = asUser(
        await fork.aptos.waitForTransaction({
          transactionHash: committed.hash,
          options: { checkSuccess: false },
        }),
      );
      expect(outcome(done)).toBe(outcome(committed));
      expect(Number(done.version)).toBeGreaterThan(last);
      last = Number(done.version);
      // And a local version re-executes as it committed.
      expect(outcome((await reexecute(done.version)).tx)).toBe(outcome(done));
    }
  }, 60_000);

  it('traces an upstream transaction on the upstream state (POST /workbench/trace)', async () => {
    const committed = replayed.find((tx) =>
      (tx.payload as { function: string }).function.endsWith('::my_coin::mint_gold'),
    ) as UserTransactionResponse;
    const response = await fetch(
      `${fork.localnet.urls.rest.replace(/\/v1$/, '')}/workbench/trace`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version: committed.version }),
      },
    );
    expect(response.status).toBe(200);
    const trace = (await response.json()) as MoveTrace;
    expect(trace.gasUsed).toBe(committed.gas_used);
    expect(trace.vmStatus).toBe(committed.vm_status);
    expect(
      trace.frames.some(
        (f) => f.kind === 'bytecode' && f.function.endsWith('::my_coin::mint_gold'),
      ),
    ).toBe(true);
  });

  it('answers history before the fork point from the upstream', async () => {
    const some = replayed[7] as UserTransactionResponse;
    const byVersion = await (await fork.rest(`/transactions/by_version/${some.version}`)).json();
    expect(byVersion).toEqual(
      await (await upstream.rest(`/transactions/by_version/${some.version}`)).json(),
    );
    const byHash = (await (await fork.rest(`/transactions/by_hash/${some.hash}`)).json()) as {
      version: string;
    };
    expect(byHash.version).toBe(some.version);
    const block = await (
      await fork.rest(`/blocks/by_version/${some.version}?with_transactions=true`)
    ).json();
    expect(block).toEqual(
      await (
        await upstream.rest(`/blocks/by_version/${some.version}?with_transactions=true`)
      ).json(),
    );
    // A list across the fork point: the upstream's versions, then the fork's.
    const list = (await (
      await fork.rest(`/transactions?start=${forkVersion - 1}&limit=4`)
    ).json()) as Array<{ version: string; hash: string }>;
    expect(list.map((tx) => Number(tx.version))).toEqual(
      [0, 1, 2, 3].map((i) => forkVersion - 1 + i),
    );
    const upstreamBefore = (await (
      await upstream.rest(`/transactions?start=${forkVersion - 1}&limit=2`)
    ).json()) as Array<{ hash: string }>;
    expect(list.slice(0, 2).map((tx) => tx.hash)).toEqual(upstreamBefore.map((tx) => tx.hash));
    // Alice's transactions: the upstream's up to the fork point, then the fork's own.
    const alice = history.alice.accountAddress.toString();
    const mine = (await (
      await fork.rest(`/accounts/${alice}/transactions?limit=100`)
    ).json()) as UserTransactionResponse[];
    const upstreamMine = (await (
      await upstream.rest(`/accounts/${alice}/transactions?limit=100`)
    ).json()) as UserTransactionResponse[];
    expect(mine.map((tx) => tx.hash)).toEqual(upstreamMine.map((tx) => tx.hash));
    expect(mine.filter((tx) => Number(tx.version) > forkVersion).length).toBeGreaterThan(0);
  });

  it('reads an upstream table item with its types (OriginatingAddress after a rotation)', async () => {
    const found = await fork.aptos.lookupOriginalAccountAddress({
      authenticationKey: history.rotated.authKey.derivedAddress(),
    });
    expect(found.toStringLong()).toBe(history.rotated.address.toStringLong());
  });

  it('reads state and views as the upstream had them, lazily', async () => {
    const alice = history.alice.accountAddress.toString();
    const at = `ledger_version=${forkVersion}`;
    const view = {
      function: '0x1::coin::balance',
      type_arguments: [history.myCoin],
      arguments: [alice],
    };
    const post = (chain: Chain, path: string) =>
      chain.rest(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(view),
      });
    expect(await (await post(fork, `/view?${at}`)).json()).toEqual(
      await (await post(upstream, `/view?${at}`)).json(),
    );
    expect(await (await fork.rest(`/accounts/${alice}/resources?${at}`)).json()).toEqual(
      await (await upstream.rest(`/accounts/${alice}/resources?${at}`)).json(),
    );
  });

  it('commits new transactions on the fork only; snapshots, simulation and the clock work', async () => {
    const before = await ledger(upstream);
    const bobBalance = async (chain: Chain) =>
      await (
        await chain.rest(`/accounts/${history.bob.accountAddress.toString()}/balance/0xa`)
      ).text();
    const upstreamBob = await bobBalance(upstream);
    const forkBob = BigInt(await bobBalance(fork));
    const snapshot = fork.localnet.snapshot();
    const transaction = await fork.aptos.transaction.build.simple({
      sender: history.alice.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [history.bob.accountAddress, 777],
      },
    });
    const [simulated] = await fork.aptos.transaction.simulate.simple({
      transaction,
      signerPublicKey: history.alice.publicKey,
    });
    expect(simulated?.success).toBe(true);
    const pending = await fork.aptos.signAndSubmitTransaction({
      signer: history.alice,
      transaction,
    });
    const done = await fork.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(done.success).toBe(true);
    expect(BigInt(await bobBalance(fork))).toBe(forkBob + 777n);
    // The upstream did not move.
    expect((await ledger(upstream)).ledger_version).toBe(before.ledger_version);
    expect(await bobBalance(upstream)).toBe(upstreamBob);
    expect((await upstream.rest(`/transactions/by_hash/${pending.hash}`)).status).toBe(404);
    // The indexer lists the fork's own activity (its history before the fork point is upstream).
    const indexed = await fetch(fork.localnet.urls.indexer, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ fungible_asset_activities(where: {transaction_version: {_eq: ${done.version}}}) { type } current_objects(limit: 1) { object_address } table_items(limit: 1) { key } }`,
      }),
    });
    const body = (await indexed.json()) as { data?: { fungible_asset_activities: unknown[] } };
    expect(body.data?.fungible_asset_activities.length).toBeGreaterThan(0);
    fork.localnet.revert(snapshot);
    expect(BigInt(await bobBalance(fork))).toBe(forkBob);
    const now = fork.localnet.advanceClock(60);
    expect(now).toBeGreaterThan(0n);
  });
});

describe('a table item read raw from upstream', () => {
  it('is decoded with the types the read names (the state key holds none)', () => {
    const handle = `0x${'ab'.repeat(32)}` as const;
    const key = '0x0500000000000000' as const;
    const raw: TableItemValue = {
      kind: 'table_item',
      handle,
      key,
      value: '0x3930000000000000',
      keyType: '',
      valueType: '',
      decodedKey: key,
      decodedValue: '0x3930000000000000',
    };
    const state = { get: (k: string) => (k === tableKey(handle, key) ? raw : null) };
    expect(readTableItem(state, handle, { keyType: 'u64', valueType: 'u64', key: '5' }, 0)).toBe(
      '12345',
    );
  });
});
