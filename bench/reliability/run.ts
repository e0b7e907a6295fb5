import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { Ed25519Signer } from '../../localnet/signer.ts';
import { spawnChain } from './chainProcess.ts';
import { fund, postJson, submit, transfer, waitFor } from './client.ts';
import { caseOf, describeFailure, replayHint, runFuzz, type FuzzStats } from './fuzzRest.ts';
import { runKill9, type KillResult } from './kill9.ts';
import { runLoad, type LoadResult } from './load.ts';
import { runMemory, type FamilyMemory } from './memory.ts';

/**
 * `npm run reliability`: the chain's fuzz, load and kill -9 runs (issue 15), one table, and
 * `bench/results/reliability.json`. The fuzz has two halves: the mixed run, and the memory run
 * (each request family alone on a fresh chain, failing a family whose RSS keeps growing; issue
 * 35). Settings by environment: FUZZ_RUNS (100,000), FUZZ_SEED (2026; case i uses seed
 * FUZZ_SEED + i), MEMORY_REQUESTS (5,000 a family), LOAD_SECONDS (60), KILL_ROUNDS (20, with and
 * without --fsync). `-- --only fuzz|memory|load|kill9` runs one part (fuzz includes memory).
 * Run it niced: `nice -n 15 npm run reliability`.
 */
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { only: { type: 'string' } },
});
const only = values.only;
if (only !== undefined && !['fuzz', 'memory', 'load', 'kill9'].includes(only)) {
  console.error(`reliability: --only takes fuzz, memory, load or kill9, got "${only}"`);
  process.exit(2);
}
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value)) {
    console.error(`reliability: ${name} must be an integer`);
    process.exit(2);
  }
  return value;
};
const FUZZ_RUNS = env('FUZZ_RUNS', 100_000);
const FUZZ_SEED = env('FUZZ_SEED', 2026);
const MEMORY_REQUESTS = env('MEMORY_REQUESTS', 5_000);
const LOAD_SECONDS = env('LOAD_SECONDS', 60);
const KILL_ROUNDS = env('KILL_ROUNDS', 20);
const log = (line: string) => console.log(line);
const load1 = () => loadavg()[0]?.toFixed(2) ?? '?';

interface FuzzReport {
  stats: FuzzStats;
  crashes: number;
  internalErrors: number;
  servesAfter: boolean;
  /** Why not, when it does not. */
  servesDetail: string;
}

/** The fuzz against one chain process, then a transfer that must still commit. */
async function fuzz(): Promise<FuzzReport> {
  log(`fuzz: ${FUZZ_RUNS.toLocaleString('en-US')} cases from seed ${FUZZ_SEED} (load ${load1()})`);
  if (FUZZ_RUNS === 1)
    log(
      `  case: ${JSON.stringify(caseOf(FUZZ_SEED), (_k, v: unknown) => (v instanceof Uint8Array ? `${v.length} bytes: ${Buffer.from(v.slice(0, 200)).toString('utf8')}` : v))}`,
    );
  const chain = await spawnChain(['--ephemeral']);
  try {
    const stats = await runFuzz({
      urls: chain.urls,
      seed: FUZZ_SEED,
      runs: FUZZ_RUNS,
      onFailure: (failure) =>
        log(`  FAILED ${describeFailure(failure)}\n    replay: ${replayHint(failure.seed)}`),
      onProgress: (done, s) =>
        log(
          `  ${done.toLocaleString('en-US')} cases, ${s.failures.length} failing (load ${load1()})`,
        ),
    });
    const crashes = chain.exited() === null ? 0 : 1;
    const internalErrors = (
      chain.output().match(/localnet: (internal error|request failed)/g) ?? []
    ).length;
    let servesAfter = false;
    let servesDetail = crashes === 0 ? '' : 'the chain exited';
    if (crashes === 0) {
      const origin = chain.urls.rest.replace(/\/v1$/, '');
      await postJson(`${origin}/workbench/faults/clear`, {});
      await postJson(`${origin}/workbench/mining`, {
        mode: 'interval',
        intervalMs: 250,
        idleBlockMs: 500,
      });
      const signer = Ed25519Signer.generate();
      await fund(chain.urls, [signer.address], 100_000_000n);
      const clock = (await (await fetch(`${origin}/workbench/clock`)).json()) as {
        now_microseconds: string;
      };
      const answer = await submit(
        chain.urls,
        transfer(signer, {
          to: signer.address,
          amount: 1n,
          sequenceNumber: 0n,
          // The fuzz may have moved the chain's clock ahead (up to ten years a jump).
          expirationSecs: BigInt(clock.now_microseconds) / 1_000_000n + 600n,
        }),
      );
      if (answer.status !== 202)
        servesDetail = `transfer answered ${answer.status} ${JSON.stringify(answer.body)}`;
      const hash = (answer.body as { hash?: string }).hash ?? '';
      const state = answer.status === 202 ? await waitFor(chain.urls, hash, 30_000) : null;
      servesAfter = state?.state === 'committed' && state.tx.success === true;
      if (answer.status === 202 && !servesAfter)
        servesDetail = `transfer ${hash} is ${state?.state ?? 'unknown'} after 30 s`;
      const ready = await fetch(chain.urls.readiness);
      if (ready.status !== 200) servesDetail = `readiness answered ${ready.status}`;
      servesAfter &&= ready.status === 200;
    }
    if (stats.failures.length > 0) log(`  ${stats.failures.length} failing seeds, listed above`);
    if (!servesAfter) log(`  the chain does not serve afterwards: ${servesDetail}`);
    return { stats, crashes, internalErrors, servesAfter, servesDetail };
  } finally {
    await chain.stop();
  }
}

interface Meta {
  date: string;
  /** 1, 5 and 15 min load averages when the part started and ended. */
  loadAverage: { before: number[]; after: number[] };
}
type StoredFuzz = Meta &
  Omit<FuzzReport, 'stats'> & {
    seed: number;
    stats: Omit<FuzzStats, 'failures'> & {
      failures: Array<{ seed: number; replay: string; line: string }>;
    };
  };
type StoredMemory = Meta & {
  requestsPerFamily: number;
  families: Array<Omit<FamilyMemory, 'failures'> & { failures: string[] }>;
};
type StoredLoad = Meta & LoadResult;
type StoredKill = Meta & { runs: KillResult[] };
interface Stored {
  fuzz?: StoredFuzz;
  memory?: StoredMemory;
  load?: StoredLoad;
  kill9?: StoredKill;
  ok?: boolean;
}

const RESULTS_FILE = join(import.meta.dirname, '..', 'results', 'reliability.json');
/** The figures of earlier full runs, read when writing: a part run alone replaces only its own. */
function storedResults(): Stored {
  if (!existsSync(RESULTS_FILE)) return {};
  const raw = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Stored & Partial<Meta>;
  // The first format (one date for the whole run, kill9 a bare array) is read too.
  const top: Meta = {
    date: raw.date ?? '',
    loadAverage: raw.loadAverage ?? { before: [], after: [] },
  };
  const kill9 = raw.kill9 as StoredKill | KillResult[] | undefined;
  return {
    ...(raw.fuzz === undefined ? {} : { fuzz: { ...top, ...raw.fuzz } }),
    ...(raw.memory === undefined ? {} : { memory: raw.memory }),
    ...(raw.load === undefined ? {} : { load: { ...top, ...raw.load } }),
    ...(kill9 === undefined
      ? {}
      : { kill9: Array.isArray(kill9) ? { ...top, runs: kill9 } : kill9 }),
  };
}
/** Only runs at the documented settings are written; replays and short runs only print. */
let write = false;
const meta = async <T>(run: () => Promise<T>): Promise<Meta & { value: T }> => {
  const date = new Date().toISOString();
  const before = loadavg();
  const value = await run();
  return { date, loadAverage: { before, after: loadavg() }, value };
};
const printed: Stored = {};
if (only === undefined || only === 'fuzz') {
  const { value, ...m } = await meta(fuzz);
  printed.fuzz = {
    ...m,
    ...value,
    seed: FUZZ_SEED,
    stats: {
      ...value.stats,
      failures: value.stats.failures.map((x) => ({
        seed: x.seed,
        replay: replayHint(x.seed),
        line: describeFailure(x),
      })),
    },
  };
  if (FUZZ_RUNS >= 100_000) write = true;
}
if (only === undefined || only === 'fuzz' || only === 'memory') {
  log(
    `memory: each request family alone, ${MEMORY_REQUESTS.toLocaleString('en-US')} requests on a fresh chain (load ${load1()})`,
  );
  const { value, ...m } = await meta(() =>
    runMemory({ requests: MEMORY_REQUESTS, seed: FUZZ_SEED, log }),
  );
  printed.memory = {
    ...m,
    requestsPerFamily: MEMORY_REQUESTS,
    families: value.map((family) => ({
      ...family,
      failures: family.failures.map(describeFailure),
    })),
  };
  for (const family of value)
    for (const failure of family.failures)
      log(`  FAILED (${family.family}) ${describeFailure(failure)}`);
  if (MEMORY_REQUESTS >= 5_000) write = true;
}
if (only === undefined || only === 'load') {
  log(`load: ${LOAD_SECONDS} s of concurrent transfers (load ${load1()})`);
  const { value, ...m } = await meta(() => runLoad({ seconds: LOAD_SECONDS, log }));
  printed.load = { ...m, ...value };
  if (LOAD_SECONDS >= 60) write = true;
}
if (only === undefined || only === 'kill9') {
  const { value, ...m } = await meta(async () => {
    const runs: KillResult[] = [];
    for (const fsync of [false, true]) {
      log(`kill -9: ${KILL_ROUNDS} rounds${fsync ? ' with --fsync' : ''} (load ${load1()})`);
      runs.push(await runKill9({ rounds: KILL_ROUNDS, fsync, log }));
    }
    return runs;
  });
  printed.kill9 = { ...m, runs: value };
  if (KILL_ROUNDS >= 20) write = true;
}
const results: Stored = write ? { ...storedResults(), ...printed } : printed;

const n = (value: number) => value.toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const rows: Array<[string, string, string]> = [];
const f = results.fuzz;
if (f !== undefined) {
  rows.push([
    'fuzz cases',
    n(f.stats.cases),
    `${Math.round(f.stats.cases / f.stats.seconds)}/s, seed ${FUZZ_SEED}`,
  ]);
  rows.push([
    'crashes',
    n(f.crashes),
    f.servesAfter ? 'chain still serves afterwards' : 'CHAIN DOES NOT SERVE AFTERWARDS',
  ]);
  rows.push([
    '5xx (other than 507)',
    n(f.stats.byReason['5xx']),
    `internal errors logged: ${f.internalErrors}`,
  ]);
  rows.push([
    'hangs > 2 s',
    n(f.stats.byReason.hang),
    `slowest ${f.stats.maxMs} ms, p99 ${f.stats.p99Ms} ms; ${f.stats.slowOnce} over 2 s once, in time when sent again`,
  ]);
  rows.push([
    '4xx without the error body',
    n(f.stats.byReason.shape + f.stats.byReason.connection),
    'connection errors included',
  ]);
}
const mem = results.memory;
const kibPerRequest = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB/request`;
for (const family of mem?.families ?? []) {
  const statuses = Object.entries(family.byStatus)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([status, count]) => `${n(count)} × ${status}`)
    .join(', ');
  rows.push([
    `RSS ${family.family}`,
    `${mib(family.startBytes)} → ${mib(family.endBytes)}`,
    `${family.leaking ? 'LEAKING ' : ''}${kibPerRequest(family.slopeBytesPerRequest)} after warm-up, ${n(family.requests)} requests in ${Math.round(family.seconds)} s (${statuses})${family.failures.length > 0 ? `, ${family.failures.length} failing` : ''}`,
  ]);
}
const l = results.load;
if (l !== undefined) {
  rows.push([
    'tx under load',
    n(l.committed),
    `${l.seconds} s, ${l.tps} tx/s, ${l.accounts} accounts + ${l.sharedClients} clients on one`,
  ]);
  rows.push([
    'accepted, refused',
    `${n(l.accepted)}, ${n(Object.values(l.refused).reduce((a, b) => a + b, 0))}`,
    Object.entries(l.refused)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; '),
  ]);
  rows.push(['lost', n(l.lost), `dropped with a reason: ${l.dropped.total}`]);
  rows.push(['duplicated', n(l.duplicated), '']);
  rows.push([
    'sequence gaps, version gaps',
    `${l.sequenceGaps}, ${l.versionGaps}`,
    `ledger version ${l.ledgerVersion}`,
  ]);
  rows.push([
    'balances conserved',
    l.conservation.balanced && l.conservation.supplyMatches ? 'yes' : 'NO',
    `fees ${l.conservation.fees} octas burnt, minted ${l.conservation.minted}`,
  ]);
  rows.push([
    'RSS start → end',
    `${mib(l.rss.startBytes)} → ${mib(l.rss.endBytes)}`,
    `after ${10} s ${mib(l.rss.warmBytes)}, max ${mib(l.rss.maxBytes)}`,
  ]);
  rows.push([
    'RSS growth per 10,000 tx',
    mib(l.rss.growthPer10kTxBytes),
    'from 10 s in to the end',
  ]);
  rows.push([
    'mempool per-account cap',
    `${l.perAccountCap.accepted} pending`,
    `the next: ${l.perAccountCap.refusedStatus} ${l.perAccountCap.errorCode}`,
  ]);
}
for (const k of results.kill9?.runs ?? []) {
  const label = k.fsync ? 'kill -9 rounds (--fsync)' : 'kill -9 rounds';
  rows.push([label, n(k.rounds), `restart mean ${k.restartMs.mean} ms, max ${k.restartMs.max} ms`]);
  rows.push([
    `  committed lost${k.fsync ? ' (--fsync)' : ''}`,
    n(k.committedLost + k.committedChanged),
    `of ${n(k.seenCommitted)} seen committed; phantom ${k.phantom}; old tx refused ${k.resubmitRefused}/${k.resubmitRefused + k.resubmitNotRefused}`,
  ]);
}
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
log('');
log('reliability of the embedded chain');
for (const [name, part] of Object.entries(results) as Array<[string, Meta | boolean | undefined]>) {
  if (typeof part !== 'object') continue;
  const avg = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  log(
    `  ${name.padEnd(5)} run ${part.date}, load average ${avg(part.loadAverage.before)} → ${avg(part.loadAverage.after)}`,
  );
}
for (const row of rows)
  log(`  ${row[0].padEnd(widths[0] ?? 0)}  ${row[1].padStart(widths[1] ?? 0)}  ${row[2]}`);
for (const k of results.kill9?.runs ?? [])
  for (const problem of k.problems.slice(0, 10)) log(`  PROBLEM ${problem}`);
for (const family of mem?.families ?? [])
  if (family.leaking) log(`  LEAK ${family.family}: ${family.reason}`);

const failed =
  (f !== undefined && (f.stats.failures.length > 0 || f.crashes > 0 || !f.servesAfter)) ||
  (mem?.families ?? []).some((family) => family.leaking || family.failures.length > 0) ||
  (l !== undefined &&
    (l.lost > 0 ||
      l.duplicated > 0 ||
      l.sequenceGaps > 0 ||
      l.versionGaps > 0 ||
      !l.conservation.balanced ||
      !l.conservation.supplyMatches)) ||
  (results.kill9?.runs ?? []).some(
    (k) =>
      k.committedLost + k.committedChanged + k.phantom + k.versionGaps + k.resubmitNotRefused > 0,
  );

if (write) {
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...results, ok: !failed }, null, 2)}\n`);
  log(`  written to ${RESULTS_FILE}`);
} else {
  log(
    '  (not written: only runs at FUZZ_RUNS ≥ 100,000, MEMORY_REQUESTS ≥ 5,000, LOAD_SECONDS ≥ 60 or KILL_ROUNDS ≥ 20 are)',
  );
}
process.exit(failed ? 1 : 0);
