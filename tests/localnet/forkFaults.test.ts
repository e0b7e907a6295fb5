import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../localnet/config.ts';
import type { ForkProgress } from '../../localnet/index.ts';
import { outcome, upstreamProxy } from './forkBed.ts';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * Fork mode's honest limits (issue 34): an upstream that has pruned the version (410), that
 * rate-limits (429, then answers), and that goes away mid-replay. Each is a clear message, and
 * nothing is half-applied: a transaction whose state could not be read is not committed.
 */
let upstream: Chain;
let proxy: Awaited<ReturnType<typeof upstreamProxy>>;
let alice: Account;
let transfers: UserTransactionResponse[];
let forkVersion: string;
const forks: Chain[] = [];

async function forkThroughProxy(onProgress?: (progress: ForkProgress) => void): Promise<Chain> {
  const chain = await startChain({
    fork: {
      url: proxy.url,
      version: forkVersion,
      ...(onProgress === undefined ? {} : { onProgress }),
      backoffMs: 1,
    },
  });
  forks.push(chain);
  return chain;
}

async function reexecute(chain: Chain, version: string) {
  const response = await fetch(
    `${chain.localnet.urls.rest.replace(/\/v1$/, '')}/workbench/reexecute`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    },
  );
  return { status: response.status, json: (await response.json()) as unknown };
}

beforeAll(async () => {
  upstream = await startChain();
  alice = await fundedAccount(upstream, 1_000_000_000);
  const tx = ownerTransactions(upstream, alice);
  transfers = [];
  for (let i = 0; i < 3; i += 1)
    transfers.push(
      await tx.send({
        function: '0x1::aptos_account::transfer',
        functionArguments: [Account.generate().accountAddress, 1_000 + i],
      }),
    );
  forkVersion = (await upstream.aptos.getLedgerInfo()).ledger_version;
  proxy = await upstreamProxy(upstream.localnet.urls.rest);
}, 60_000);
afterAll(async () => {
  for (const chain of forks) await chain.localnet.stop();
  await proxy?.close();
  await upstream?.localnet.stop();
});

describe('fork mode against an upstream that misbehaves', () => {
  it('429: backs off (Retry-After), reports progress, then replays exactly', async () => {
    const progress: ForkProgress[] = [];
    proxy.set({ mode: 'limited', count: 3 });
    const fork = await forkThroughProxy((p) => progress.push(p));
    proxy.set({ mode: 'limited', count: 4 });
    const { status, json } = await reexecute(fork, transfers[1]?.version ?? '');
    expect(status, JSON.stringify(json)).toBe(200);
    expect(outcome((json as UserTransactionResponse[])[0] as UserTransactionResponse)).toBe(
      outcome(transfers[1] as UserTransactionResponse),
    );
    const waits = progress.filter((p) => p.rateLimited !== undefined);
    expect(waits).toHaveLength(7);
    expect(waits[0]?.rateLimited).toEqual({ attempt: 1, waitMs: 0 });
    const last = progress[progress.length - 1] as ForkProgress;
    expect(last.keys).toBeGreaterThan(0);
    expect(last.bytes).toBeGreaterThan(0);
  });

  it("reads a node's TransactionData BCS for the transaction it replays", async () => {
    const fork = await forkThroughProxy();
    proxy.set({ mode: 'node' });
    const { status, json } = await reexecute(fork, transfers[0]?.version ?? '');
    proxy.set({ mode: 'pass' });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(outcome((json as UserTransactionResponse[])[0] as UserTransactionResponse)).toBe(
      outcome(transfers[0] as UserTransactionResponse),
    );
  });

  it('429 for good: a clear rate_limited error after the retries', async () => {
    const fork = await forkThroughProxy();
    proxy.set({ mode: 'limited', count: 1_000 });
    const { status, json } = await reexecute(fork, transfers[0]?.version ?? '');
    proxy.set({ mode: 'pass' });
    expect(status).toBe(429);
    expect((json as { message: string }).message).toMatch(
      /still rate-limits \(429\) after 8 retries/,
    );
  });

  it('410: names what is needed, an archive node or a newer version', async () => {
    const fork = await forkThroughProxy();
    proxy.set({ mode: 'pruned' });
    const { status, json } = await reexecute(fork, transfers[0]?.version ?? '');
    proxy.set({ mode: 'pass' });
    expect(status).toBe(410);
    expect(json).toMatchObject({ error_code: 'version_pruned' });
    const { message } = json as { message: string };
    expect(message).toContain('has pruned the state asked for');
    expect(message).toContain(
      'Fork at a newer version (its oldest is 999999), or use an archive node',
    );
    // Forking at a version the upstream no longer has is refused the same way.
    await expect(
      startChain({
        fork: { url: upstream.localnet.urls.rest, version: Number(forkVersion) + 1_000 },
      }),
    ).rejects.toThrow(`its latest version is ${forkVersion}`);
  });

  it('going away mid-replay: a clear error, nothing cached wrong, nothing committed', async () => {
    const fork = await forkThroughProxy();
    const before = fork.localnet.node.ledgerInfo().ledgerVersion;
    // Two more requests pass, then the upstream is gone.
    proxy.set({ mode: 'dies', count: 2 });
    const replay = await reexecute(fork, transfers[2]?.version ?? '');
    expect(replay.status).toBe(500);
    expect((replay.json as { message: string }).message).toMatch(
      /^The upstream node http:\/\/127\.0\.0\.1:\d+\/v1 did not answer/,
    );
    // A new transaction on the fork: refused before the mempool, not committed.
    const transaction = await fork.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [Account.generate().accountAddress, 5],
      },
      options: { accountSequenceNumber: 4, gasUnitPrice: 100, maxGasAmount: 2_000 },
    });
    const signed = fork.aptos.transaction.sign({ signer: alice, transaction });
    const submitted = await fork.aptos.transaction.submit
      .simple({ transaction, senderAuthenticator: signed })
      .then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    expect(submitted).toMatch(/did not answer/);
    expect(fork.localnet.node.ledgerInfo().ledgerVersion).toBe(before);
    expect(fork.localnet.node.pendingTransactions()).toEqual([]);
    // Back: the same replay gives the committed outcome (the failed reads were not cached).
    proxy.set({ mode: 'pass' });
    const again = await reexecute(fork, transfers[2]?.version ?? '');
    expect(again.status).toBe(200);
    expect(outcome((again.json as UserTransactionResponse[])[0] as UserTransactionResponse)).toBe(
      outcome(transfers[2] as UserTransactionResponse),
    );
  });
});

describe('fork mode: an upstream that goes away while a block runs', () => {
  it('drops the transaction that needed it (its lookup answers the error); the block keeps the others', async () => {
    const fork = await startChain({
      fork: { url: proxy.url, version: forkVersion },
      mining: { mode: 'manual' },
    });
    forks.push(fork);
    const submit = async (sequenceNumber: number) => {
      const transaction = await fork.aptos.transaction.build.simple({
        sender: alice.accountAddress,
        data: {
          function: '0x1::aptos_account::transfer',
          functionArguments: [Account.generate().accountAddress, 7],
        },
        options: {
          accountSequenceNumber: sequenceNumber,
          gasUnitPrice: 100,
          maxGasAmount: 200_000,
        },
      });
      const senderAuthenticator = fork.aptos.transaction.sign({ signer: alice, transaction });
      return (await fork.aptos.transaction.submit.simple({ transaction, senderAuthenticator }))
        .hash;
    };
    // The later one first: parked (its sequence number is ahead), its recipient not read yet.
    const later = await submit(4);
    const next = await submit(3);
    const before = fork.localnet.node.ledgerInfo().ledgerVersion;
    proxy.set({ mode: 'dies', count: 0 });
    expect(fork.localnet.mine()).toBe(1);
    let answer = await fork.rest(`/transactions/by_hash/${later}`);
    for (let i = 0; i < 50 && answer.status !== 500; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await fork.rest(`/transactions/by_hash/${later}`);
    }
    proxy.set({ mode: 'pass' });
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { message: string }).message).toMatch(
      new RegExp(
        `^Transaction ${later} was not committed: the state it needs could not be read from upstream. The upstream node .* did not answer`,
      ),
    );
    expect(fork.localnet.node.pendingTransactions()).toEqual([]);
    const committed = (await (
      await fork.rest(`/transactions/by_hash/${next}`)
    ).json()) as UserTransactionResponse;
    expect(committed.vm_status).toBe('Executed successfully');
    // One block: its metadata, the one transaction, its checkpoint.
    expect(fork.localnet.node.ledgerInfo().ledgerVersion).toBe(before + 3);
  });
});

describe('fork mode: reads kept on disk', () => {
  it('a later fork of the same upstream replays from the disk cache, the upstream gone', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'fork-cache-'));
    try {
      const version = transfers[1]?.version ?? '';
      const first = await startChain({ fork: { url: proxy.url, version: forkVersion, cacheDir } });
      forks.push(first);
      expect((await reexecute(first, version)).status).toBe(200);
      const second = await startChain({ fork: { url: proxy.url, version: forkVersion, cacheDir } });
      forks.push(second);
      proxy.set({ mode: 'dies', count: 0 });
      const { status, json } = await reexecute(second, version);
      proxy.set({ mode: 'pass' });
      expect(status, JSON.stringify(json)).toBe(200);
      expect(outcome((json as UserTransactionResponse[])[0] as UserTransactionResponse)).toBe(
        outcome(transfers[1] as UserTransactionResponse),
      );
      // Its start: ledger info, the fork point's block, block 1 (which names the chain).
      expect(second.localnet.node.fork?.state.upstream.progress.requests).toBe(3);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

describe('--fork on the command line', () => {
  it('takes a URL and an optional @version, in memory only', () => {
    expect(
      parseCommandLine(['--fork', 'https://fullnode.mainnet.aptoslabs.com/v1@123']),
    ).toMatchObject({
      options: { fork: { url: 'https://fullnode.mainnet.aptoslabs.com/v1', version: '123' } },
    });
    expect(parseCommandLine(['--fork', 'http://127.0.0.1:8080/v1'])).toMatchObject({
      options: { fork: { url: 'http://127.0.0.1:8080/v1' } },
    });
    expect(() => parseCommandLine(['--fork', 'mainnet'])).toThrow("--fork needs a node's REST URL");
    expect(parseCommandLine(['--fork', 'http://x/v1', '--data-dir', 'd'])).toMatchObject({
      options: { fork: { url: 'http://x/v1', cacheDir: 'd' } },
    });
    expect(() => parseCommandLine(['--fork', 'http://x/v1', '--reset'])).toThrow(
      'a fork lives in memory',
    );
    expect(() => parseCommandLine(['--fork', 'http://x/v1', '--seed', 's'])).toThrow(
      '--seed has no meaning with --fork',
    );
  });
});
