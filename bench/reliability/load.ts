import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ed25519Signer } from '../../localnet/signer.ts';
import { spawnChain, type ChainUrls } from './chainProcess.ts';
import {
  balance,
  fund,
  lookup,
  postJson,
  root,
  sequenceNumber,
  sleep,
  submit,
  supply,
  transfer,
  waitFor,
  walkLedger,
} from './client.ts';

/**
 * Load (issue 15): `seconds` of concurrent transfers against `npm run localnet` in a child process
 * (its default cadence: a block every 250 ms), from many accounts each pipelining its own
 * sequence numbers, and from several clients sharing one account that race for the same sequence
 * numbers (some at a higher gas price, which replaces a pending one as a node's mempool does).
 * Every transfer goes to an account of the run, so the holders are known. Then:
 * - every accepted (202) transaction is committed exactly once, or dropped with a reason;
 * - every sender's committed sequence numbers are 0…n−1 with no gap;
 * - Σ balances(now) − Σ balances(genesis) = minted − fees, and supply(now) = supply(genesis) +
 *   minted − fees (conservation);
 * - the ledger's versions are contiguous;
 * - the chain's RSS at the start and the end;
 * - the mempool's per-account cap: the 101st pending transaction of an account answers 507
 *   `mempool_is_full`.
 */
export interface LoadResult {
  seconds: number;
  accounts: number;
  sharedClients: number;
  submitted: number;
  accepted: number;
  committed: number;
  refused: Record<string, number>;
  dropped: { total: number; reasons: Record<string, number> };
  lost: number;
  /** Transactions still in the mempool when the checks began (the drain waits up to 90 s). */
  pendingAtEnd: number;
  /** Each lost transaction: its sender, sequence number, what by_hash says, and how many of its sender's committed. */
  lostDetails: Array<{
    hash: string;
    sender: string;
    sequenceNumber: string;
    state: string;
    committedUpTo: number;
  }>;
  duplicated: number;
  sequenceGaps: number;
  versionGaps: number;
  unknownCommitted: number;
  conservation: {
    holders: number;
    genesisSum: string;
    nowSum: string;
    minted: string;
    fees: string;
    supplyGenesis: string;
    supplyNow: string;
    balanced: boolean;
    supplyMatches: boolean;
  };
  ledgerVersion: string;
  tps: number;
  /** The chain's RSS: before the load, after WARM_SECONDS, at the end; growth from warm to end. */
  rss: {
    startBytes: number;
    warmBytes: number;
    endBytes: number;
    maxBytes: number;
    growthPer10kTxBytes: number;
  };
  perAccountCap: { accepted: number; refusedStatus: number; errorCode: string; message: string };
}

const FUND = 1_000_000_000n;
/** Transactions each account has in flight before it waits for the last one. */
const PIPELINE = 16;
/** RSS growth is measured from this many seconds in (after the JIT and the first allocations). */
const WARM_SECONDS = 10;

function reasonOf(body: unknown): string {
  const b = body as { error_code?: string; message?: string } | null;
  const vm = /Validation Code: (\w+)/.exec(b?.message ?? '')?.[1];
  return vm ?? b?.error_code ?? 'unknown';
}

export async function runLoad(args: {
  seconds: number;
  accounts?: number;
  sharedClients?: number;
  log?: (line: string) => void;
}): Promise<LoadResult> {
  const log = args.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'reliability-load-'));
  const chain = await spawnChain(['--data-dir', dir]);
  const urls = chain.urls;
  try {
    const soloCount = args.accounts ?? 24;
    const sharedClients = args.sharedClients ?? 4;
    const solo = Array.from({ length: soloCount }, () => Ed25519Signer.generate());
    const shared = Ed25519Signer.generate();
    const capAccount = Ed25519Signer.generate();
    const everyone = [...solo, shared, capAccount];
    const holders = [root().address, ...everyone.map((s) => s.address)];
    const minted = await fund(
      urls,
      everyone.map((s) => s.address),
      FUND,
    );
    log(
      `  funded ${everyone.length} accounts; ${soloCount} pipelining, ${sharedClients} clients on one account`,
    );

    const accepted = new Map<string, { sender: string; sequenceNumber: bigint }>();
    const refused: Record<string, number> = {};
    let submitted = 0;
    const pick = () =>
      holders[1 + Math.floor(Math.random() * (holders.length - 1))] ?? shared.address;
    const send = async (signer: Ed25519Signer, seq: bigint, gasUnitPrice?: bigint) => {
      const bytes = transfer(signer, {
        to: pick(),
        amount: BigInt(1 + Math.floor(Math.random() * 1000)),
        sequenceNumber: seq,
        ...(gasUnitPrice === undefined ? {} : { gasUnitPrice }),
      });
      submitted += 1;
      const answer = await submit(urls, bytes);
      if (answer.status === 202) {
        const hash = (answer.body as { hash: string }).hash;
        accepted.set(hash, { sender: signer.address, sequenceNumber: seq });
        return hash;
      }
      const reason = `${answer.status} ${reasonOf(answer.body)}`;
      refused[reason] = (refused[reason] ?? 0) + 1;
      return null;
    };

    const restOrigin = urls.rest.replace(/\/v1$/, '');
    const mempoolSize = async () =>
      ((await (await fetch(`${restOrigin}/workbench/status`)).json()) as { mempool_size: number })
        .mempool_size;
    const rssStart = chain.rss();
    let rssMax = rssStart;
    const started = Date.now();
    const deadline = started + args.seconds * 1000;
    let rssWarm = 0;
    let acceptedWarm = 0;
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, chain.rss());
      if (rssWarm === 0 && Date.now() - started >= WARM_SECONDS * 1000) {
        rssWarm = chain.rss();
        acceptedWarm = accepted.size;
      }
    }, 1000);
    const progress = setInterval(() => {
      log(
        `  ${Math.round((Date.now() - started) / 1000)} s: ${accepted.size} accepted, RSS ${(chain.rss() / 2 ** 20).toFixed(0)} MiB`,
      );
    }, 15_000);

    const soloClient = async (signer: Ed25519Signer) => {
      let seq = 0n;
      while (Date.now() < deadline) {
        const hashes = await Promise.all(
          Array.from({ length: PIPELINE }, (_, i) => send(signer, seq + BigInt(i))),
        );
        const last = [...hashes].reverse().find((h) => h !== null);
        if (last !== undefined && last !== null) await waitFor(urls, last, 20_000);
        seq = await sequenceNumber(urls, signer.address);
      }
    };
    const sharedClient = async () => {
      while (Date.now() < deadline) {
        const seq = await sequenceNumber(urls, shared.address);
        // One in four bids a higher gas price: it replaces a pending rival with that number.
        await send(
          shared,
          seq,
          Math.random() < 0.25 ? 100n + BigInt(Math.floor(Math.random() * 50)) : undefined,
        );
        await sleep(Math.random() * 20);
      }
    };
    await Promise.all([
      ...solo.map(soloClient),
      ...Array.from({ length: sharedClients }, sharedClient),
    ]);
    clearInterval(progress);
    const loadSeconds = (Date.now() - started) / 1000;

    // Drain: everything accepted either commits or leaves the mempool.
    for (let i = 0; i < 120; i += 1) {
      if ((await mempoolSize()) === 0) break;
      await sleep(500);
    }
    await sleep(600);
    clearInterval(sampler);
    const rssEnd = chain.rss();

    // The per-account cap, as a node's mempool: hold submissions so they stay pending.
    await postJson(`${restOrigin}/workbench/faults`, { holdNext: 101 });
    let capAccepted = 0;
    let capRefusal: { status: number; body: unknown } = { status: 0, body: null };
    for (let seq = 0n; seq <= 100n; seq += 1n) {
      const answer = await submit(
        urls,
        transfer(capAccount, { to: root().address, amount: 1n, sequenceNumber: seq }),
      );
      if (answer.status === 202) {
        capAccepted += 1;
        accepted.set((answer.body as { hash: string }).hash, {
          sender: capAccount.address,
          sequenceNumber: seq,
        });
      } else capRefusal = answer;
    }
    await postJson(`${restOrigin}/workbench/faults/clear`, {});
    for (let i = 0; i < 60; i += 1) {
      if ((await mempoolSize()) === 0) break;
      await sleep(500);
    }
    await sleep(600);

    const pendingAtEnd = await mempoolSize();
    // Verify.
    const walk = await walkLedger(urls);
    const counts = new Map<string, number>();
    const bySenderSeq = new Map<string, string>();
    const seqs = new Map<string, bigint[]>();
    let fees = 0n;
    for (const tx of walk.users) {
      counts.set(tx.hash, (counts.get(tx.hash) ?? 0) + 1);
      bySenderSeq.set(`${tx.sender}/${tx.sequenceNumber}`, tx.hash);
      seqs.set(tx.sender, [...(seqs.get(tx.sender) ?? []), tx.sequenceNumber]);
      fees += tx.fee;
    }
    let committed = 0;
    let duplicated = 0;
    let lost = 0;
    const lostDetails: LoadResult['lostDetails'] = [];
    const reasons: Record<string, number> = {};
    for (const [hash, { sender, sequenceNumber: seq }] of accepted) {
      const n = counts.get(hash) ?? 0;
      if (n === 1) committed += 1;
      else if (n > 1) duplicated += 1;
      else {
        const other = bySenderSeq.get(`${sender}/${seq}`);
        if (other !== undefined) {
          const reason = 'replaced: its sequence number committed with another transaction';
          reasons[reason] = (reasons[reason] ?? 0) + 1;
        } else {
          // Not in the ledger read: look it up, and at what its sender committed.
          const state = await lookup(urls, hash);
          const committedUpTo = (seqs.get(sender) ?? []).length;
          if (state.state === 'committed') {
            // Committed after the walk's last version (the walk stops at the version read first).
            committed += 1;
          } else {
            lost += 1;
            lostDetails.push({
              hash,
              sender,
              sequenceNumber: seq.toString(),
              state: state.state,
              committedUpTo,
            });
          }
        }
      }
    }
    let sequenceGaps = 0;
    for (const list of seqs.values()) {
      list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      list.forEach((seq, i) => {
        if (seq !== BigInt(i)) sequenceGaps += 1;
      });
    }
    const known = new Set<string>(holders);
    const unknownCommitted = walk.users.filter((tx) => !known.has(tx.sender)).length;
    let genesisSum = 0n;
    let nowSum = 0n;
    for (const address of holders) {
      genesisSum += await balance(urls, address, 0n);
      nowSum += await balance(urls, address, walk.latest);
    }
    const supplyGenesis = await supply(urls, 0n);
    const supplyNow = await supply(urls, walk.latest);
    const droppedTotal = Object.values(reasons).reduce((a, b) => a + b, 0);
    return {
      seconds: Math.round(loadSeconds),
      accounts: everyone.length,
      sharedClients,
      submitted,
      accepted: accepted.size,
      committed,
      refused,
      dropped: { total: droppedTotal, reasons },
      lost,
      lostDetails,
      pendingAtEnd,
      duplicated,
      sequenceGaps,
      versionGaps: walk.versionGaps,
      unknownCommitted,
      conservation: {
        holders: holders.length,
        genesisSum: genesisSum.toString(),
        nowSum: nowSum.toString(),
        minted: minted.toString(),
        fees: fees.toString(),
        supplyGenesis: supplyGenesis.toString(),
        supplyNow: supplyNow.toString(),
        balanced: nowSum - genesisSum === minted - fees,
        supplyMatches: supplyNow === supplyGenesis + minted - fees,
      },
      ledgerVersion: walk.latest.toString(),
      tps: Math.round(committed / loadSeconds),
      rss: {
        startBytes: rssStart,
        endBytes: rssEnd,
        maxBytes: rssMax,
        warmBytes: rssWarm,
        growthPer10kTxBytes:
          rssWarm === 0 || committed <= acceptedWarm
            ? 0
            : Math.round(((rssEnd - rssWarm) / (committed - acceptedWarm)) * 10_000),
      },
      perAccountCap: {
        accepted: capAccepted,
        refusedStatus: capRefusal.status,
        errorCode: String((capRefusal.body as { error_code?: string } | null)?.error_code ?? ''),
        message: String((capRefusal.body as { message?: string } | null)?.message ?? ''),
      },
    };
  } finally {
    await chain.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export type { ChainUrls };
