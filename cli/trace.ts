import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { WorkbenchRun } from '../machines';
import { flamegraphSvg } from '../replay/flamegraph';
import {
  fetchMoveTrace,
  MoveTraceUnavailableError,
  simulationTransactionHex,
  type MoveTrace,
  type MoveTraceRequest,
} from '../replay/moveTrace';
import { traceTreeLines } from '../replay/moveTraceText';
import { parseRunFile } from '../schemas/runFile';
import { resolveNetwork, UsageError, type CliNetwork } from './options';

const HASH = /^0x[0-9a-fA-F]{64}$/;
const VERSION = /^[0-9]{1,20}$/;

/** What `trace` was asked for, and where: from the argument and `--network`/`--run`. */
export interface TraceTarget {
  request: MoveTraceRequest;
  network: CliNetwork;
  /** A line saying what is traced. */
  what: string;
}

/** The run a file holds, or the one `--run N` picks. */
function pickRun(path: string, runs: WorkbenchRun[], run: string | undefined): WorkbenchRun {
  if (run !== undefined && !/^[1-9][0-9]*$/.test(run)) {
    throw new UsageError(`--run must be a run's number, from 1; got "${run}".`);
  }
  if (run === undefined && runs.length > 1) {
    throw new UsageError(
      `${path} holds ${runs.length} runs: choose one with --run 1 to --run ${runs.length}.`,
    );
  }
  const record = runs[run === undefined ? 0 : Number(run) - 1];
  if (record === undefined) {
    throw new UsageError(`${path} holds ${runs.length} run(s); there is no run ${run}.`);
  }
  return record;
}

const EMBEDDED_ONLY =
  'a Move trace needs the workbench’s embedded chain (npm run localnet); to trace a devnet, testnet or mainnet transaction, replay it on a fork: tx-workbench replay --fork <node url> <hash> --trace';

/**
 * Reads `trace`'s argument: a transaction hash, a ledger version, or a run file (its committed
 * version; a run that never committed is simulated again from its recorded transaction).
 *
 * @throws UsageError for anything else, or a named network other than `local`.
 */
export function traceTarget(
  input: string,
  options: { network?: string; run?: string; steps?: boolean },
): TraceTarget {
  const steps = options.steps === true ? { steps: true } : {};
  const given = options.network === undefined ? null : resolveNetwork(options.network);
  if (given !== null && given.name !== 'local' && given.name !== 'custom') {
    throw new UsageError(`--network ${given.name}: ${EMBEDDED_ONLY}.`);
  }
  const local = given ?? resolveNetwork('local');
  if (HASH.test(input)) {
    return { request: { hash: input.toLowerCase(), ...steps }, network: local, what: input };
  }
  if (VERSION.test(input)) {
    return { request: { version: input, ...steps }, network: local, what: `version ${input}` };
  }
  if (!existsSync(input) || !statSync(input).isFile()) {
    throw new UsageError(
      `"${input}" is not a transaction hash (0x and 64 hex digits), a ledger version or a run file.`,
    );
  }
  const record = pickRun(input, parseRunFile(readFileSync(input, 'utf8')).runs, options.run);
  const network = given ?? { name: record.network.name, nodeUrl: record.network.nodeUrl };
  if (given === null && record.network.name !== 'local') {
    throw new UsageError(
      `${record.id} ran on ${record.network.name} (${record.network.nodeUrl}): ${EMBEDDED_ONLY}. Pass --network with the embedded chain's URL if it holds the same transaction.`,
    );
  }
  if (record.chain.version !== null) {
    return {
      request: { version: record.chain.version, ...steps },
      network,
      what: `run ${record.id}, committed at version ${record.chain.version}`,
    };
  }
  const built = record.chain.built;
  if (built === null) {
    throw new UsageError(
      `${record.id} never built a transaction (it stopped in ${record.state}): there is nothing to trace.`,
    );
  }
  return {
    request: {
      transaction: simulationTransactionHex({
        rawTransactionHex: built.rawTransactionHex,
        ...(built.kind === undefined ? {} : { kind: built.kind }),
      }),
      ...steps,
    },
    network,
    what: `run ${record.id}, never committed: its transaction simulated on the chain as it is now`,
  };
}

/** The files of `files` under `dir` whose name ends in `ext`, recursively. */
function filesUnder(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The body of `POST /workbench/sources` from an `aptos move compile` build folder
 * (`build/<Package>`): each `source_maps/<module>.mvsm` whose module has bytecode in
 * `bytecode_modules/`, and the package's own `sources/` files.
 */
export function buildFolderSources(folder: string): {
  package: string;
  modules: Array<{ name: string; sourceMap: string }>;
  files: Record<string, string>;
} {
  const maps = join(folder, 'source_maps');
  if (!existsSync(maps)) {
    throw new UsageError(
      `${folder} has no source_maps folder: pass the build/<Package> folder that \`aptos move compile\` writes.`,
    );
  }
  const built = new Set(
    filesUnder(join(folder, 'bytecode_modules'), '.mv').map((file) => basename(file, '.mv')),
  );
  const modules = readdirSync(maps)
    .filter((name) => name.endsWith('.mvsm') && built.has(basename(name, '.mvsm')))
    .sort()
    .map((name) => ({
      name: basename(name, '.mvsm'),
      sourceMap: `0x${readFileSync(join(maps, name)).toString('hex')}`,
    }));
  if (modules.length === 0) {
    throw new UsageError(
      `${folder}/source_maps holds no module's source map (each needs its bytecode_modules/<name>.mv beside).`,
    );
  }
  const files: Record<string, string> = {};
  for (const file of filesUnder(join(folder, 'sources'), '.move')) {
    const path = relative(folder, file).split('\\').join('/');
    // The build keeps copies of every dependency's sources there: the chain has no use for them.
    if (!path.startsWith('sources/dependencies/')) files[path] = readFileSync(file, 'utf8');
  }
  return { package: basename(folder), modules, files };
}

/** Posts a build folder's source maps to the chain; answers what it kept. */
export async function postSources(
  nodeUrl: string,
  body: ReturnType<typeof buildFolderSources>,
): Promise<{ modules: string[]; files: string[]; missing_files: number }> {
  const origin = nodeUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const response = await fetch(`${origin}/workbench/sources`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as {
    message?: string;
    modules: string[];
    files: string[];
    missing_files: number;
  } | null;
  if (!response.ok || json === null) {
    throw new Error(
      `The chain refused the source maps: ${json?.message ?? `HTTP ${response.status}`}`,
    );
  }
  return json;
}

/** Fetches the trace; a node that cannot be reached or has no trace route says so. */
export async function fetchTrace(target: TraceTarget): Promise<MoveTrace> {
  try {
    return await fetchMoveTrace(target.network.nodeUrl, target.request);
  } catch (error) {
    if (error instanceof MoveTraceUnavailableError) throw error;
    if (error instanceof TypeError) {
      throw new Error(
        `Cannot reach ${target.network.nodeUrl} (${error.message}): start the embedded chain with npm run localnet.`,
      );
    }
    throw error;
  }
}

/** Writes what `--json` and `--flamegraph` ask for; prints the tree unless JSON goes to stdout. */
export function writeTrace(
  trace: MoveTrace,
  options: { json?: string | boolean; flamegraph?: string },
  out: (line: string) => void,
): void {
  const json = `${JSON.stringify(trace, null, 2)}\n`;
  if (options.json === true) out(json.trimEnd());
  else {
    for (const line of traceTreeLines(trace)) out(line);
    if (trace.steps !== undefined) {
      out(`${trace.steps.length} instruction steps recorded (write them with --json)`);
    }
  }
  if (typeof options.json === 'string') {
    writeFileSync(options.json, json);
    out(`trace: ${options.json}`);
  }
  if (options.flamegraph !== undefined) {
    writeFileSync(options.flamegraph, flamegraphSvg(trace));
    if (options.json !== true) out(`flamegraph: ${options.flamegraph}`);
  }
}
