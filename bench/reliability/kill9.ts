import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ed25519Signer } from '../../localnet/signer.ts';
import { spawnChain, type ChainProcess } from './chainProcess.ts';
import {
  fund,
  lookup,
  root,
  sequenceNumber,
  sleep,
  submit,
  transactionHash,
  transfer,
  waitFor,
  walkLedger,
} from './client.ts';

/**
 * Crash safety (issue 15): `npm run localnet` in a child process under load (a few accounts
 * pipelining transfers, a block every 250 ms), killed with SIGKILL at a random moment, then
 * started again on the same data dir. After each restart:
 * - every transaction a client saw committed reads back identical (the whole JSON: hash,
 *   version, state change hash, accumulator root, changes, events);
 * - nothing appears that no client sent (hashes computed before sending, since the kill can cut
 *   off a 202), and the versions are contiguous;
 * - the mempool is empty (pending transactions were never committed);
 * - one of the seen transactions, submitted again byte for byte, is refused
 *   `SEQUENCE_NUMBER_TOO_OLD`.
 */
export interface KillResult {
  rounds: number;
  fsync: boolean;
  seenCommitted: number;
  committedLost: number;
  committedChanged: number;
  phantom: number;
  versionGaps: number;
  pendingAfterRestart: number;
  resubmitRefused: number;
  resubmitNotRefused: number;
  /** Transactions that were accepted but not seen committed before the kill and then absent. */
  inFlightDropped: number;
  restartMs: { max: number; mean: number };
  problems: string[];
}

export async function runKill9(args: {
  rounds: number;
  fsync: boolean;
  accounts?: number;
  /** Kill between these many ms after the load starts. */
  killAfterMs?: [number, number];
  log?: (line: string) => void;
}): Promise<KillResult> {
  const log = args.log ?? (() => undefined);
  const [minMs, maxMs] = args.killAfterMs ?? [300, 2_500];
  const dir = mkdtempSync(join(tmpdir(), 'reliability-kill9-'));
  const flags = ['--data-dir', dir, ...(args.fsync ? ['--fsync'] : [])];
  const accounts = Array.from({ length: args.accounts ?? 4 }, () => Ed25519Signer.generate());
  const known = new Set<string>([root().address, ...accounts.map((a) => a.address)]);
  /** Every transaction sent, by the hash computed here (a 202 can be cut off by the kill). */
  const sent = new Set<string>();
  /** Transactions a client saw committed: hash → the JSON it saw, and its bytes. */
  const seen = new Map<string, { json: string; bytes: Uint8Array }>();
  const result: KillResult = {
    rounds: 0,
    fsync: args.fsync,
    seenCommitted: 0,
    committedLost: 0,
    committedChanged: 0,
    phantom: 0,
    versionGaps: 0,
    pendingAfterRestart: 0,
    resubmitRefused: 0,
    resubmitNotRefused: 0,
    inFlightDropped: 0,
    restartMs: { max: 0, mean: 0 },
    problems: [],
  };
  let restartTotal = 0;
  let inFlight = new Set<string>();
  try {
    for (let round = 0; round <= args.rounds; round += 1) {
      const startedAt = performance.now();
      const chain: ChainProcess = await spawnChain(flags);
      const restartMs = performance.now() - startedAt;
      const urls = chain.urls;
      try {
        if (round === 0) {
          await fund(
            urls,
            accounts.map((a) => a.address),
            1_000_000_000n,
          );
        } else {
          restartTotal += restartMs;
          result.restartMs.max = Math.max(result.restartMs.max, Math.round(restartMs));
          await verify(round);
        }
        if (round === args.rounds) break;
        inFlight = new Set();
        const killAt = minMs + Math.random() * (maxMs - minMs);
        const stopAt = Date.now() + killAt;
        const load = accounts.map(async (signer) => {
          try {
            while (Date.now() < stopAt) {
              const seq = await sequenceNumber(urls, signer.address);
              const batch = Array.from({ length: 8 }, (_, i) =>
                transfer(signer, {
                  to: root().address,
                  amount: 1n,
                  sequenceNumber: seq + BigInt(i),
                }),
              );
              for (const bytes of batch) sent.add(transactionHash(bytes));
              const answers = await Promise.all(batch.map((bytes) => submit(urls, bytes)));
              const hashes: Array<[string, Uint8Array]> = [];
              answers.forEach((answer, i) => {
                if (answer.status !== 202) return;
                const hash = (answer.body as { hash: string }).hash;
                inFlight.add(hash);
                hashes.push([hash, batch[i] ?? new Uint8Array()]);
              });
              for (const [hash, bytes] of hashes) {
                const state = await waitFor(urls, hash, 5_000);
                if (state.state === 'committed') {
                  seen.set(hash, { json: JSON.stringify(state.tx), bytes });
                  inFlight.delete(hash);
                }
              }
            }
          } catch {
            // The kill cuts requests off: what was seen committed is what counts.
          }
        });
        await sleep(killAt);
        await chain.kill9();
        await Promise.all(load);
        result.rounds += 1;
        log(
          `  ${args.fsync ? '--fsync ' : ''}round ${round + 1}/${args.rounds}: killed after ${Math.round(killAt)} ms, ${seen.size} seen committed so far`,
        );
      } finally {
        await chain.kill9();
      }

      async function verify(n: number): Promise<void> {
        for (const [hash, { json }] of seen) {
          const state = await lookup(urls, hash);
          if (state.state !== 'committed') {
            result.committedLost += 1;
            result.problems.push(`round ${n}: ${hash} was seen committed and is gone`);
          } else if (JSON.stringify(state.tx) !== json) {
            result.committedChanged += 1;
            result.problems.push(`round ${n}: ${hash} reads back different`);
          }
        }
        const walk = await walkLedger(urls);
        result.versionGaps += walk.versionGaps;
        for (const tx of walk.users) {
          if (!known.has(tx.sender) || (tx.sender !== root().address && !sent.has(tx.hash))) {
            result.phantom += 1;
            result.problems.push(
              `round ${n}: ${tx.hash} (version ${tx.version}) was never accepted`,
            );
          }
        }
        const committed = new Set(walk.users.map((tx) => tx.hash));
        for (const hash of inFlight) if (!committed.has(hash)) result.inFlightDropped += 1;
        const status = (await (
          await fetch(`${urls.rest.replace(/\/v1$/, '')}/workbench/status`)
        ).json()) as { mempool_size: number };
        result.pendingAfterRestart += status.mempool_size;
        const old = [...seen.values()].at(-1);
        if (old !== undefined) {
          const answer = await submit(urls, old.bytes);
          const message = (answer.body as { message?: string }).message ?? '';
          if (answer.status === 400 && message.includes('SEQUENCE_NUMBER_TOO_OLD'))
            result.resubmitRefused += 1;
          else {
            result.resubmitNotRefused += 1;
            result.problems.push(
              `round ${n}: resubmitting an old transaction answered ${answer.status} ${message}`,
            );
          }
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  result.seenCommitted = seen.size;
  result.restartMs.mean = result.rounds === 0 ? 0 : Math.round(restartTotal / result.rounds);
  return result;
}
