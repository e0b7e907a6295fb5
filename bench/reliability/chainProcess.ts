import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTO_PORT_ARGS } from '../../localnet/config.ts';

/** The repository root (bench/reliability/ → ../..). */
export const ROOT = join(import.meta.dirname, '..', '..');

export interface ChainUrls {
  rest: string;
  faucet: string;
  indexer: string;
  readiness: string;
}

/**
 * `npm run localnet` as a child process on free ports (through `scripts/localnet.mjs`, the bundle
 * a user runs), so a crash shows as an exit and its memory is measured on its own.
 */
export interface ChainProcess {
  child: ChildProcessWithoutNullStreams;
  urls: ChainUrls;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Its exit, once it has exited: `{ code, signal }`; `null` while it runs. */
  exited: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Resident set size in bytes, from /proc (0 when it is gone). */
  rss: () => number;
  /** SIGKILL, resolving once it has exited. */
  kill9: () => Promise<void>;
  /** SIGTERM (a clean stop: checkpoint, close), resolving once it has exited. */
  stop: () => Promise<void>;
}

export async function spawnChain(args: string[]): Promise<ChainProcess> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'localnet.mjs'), ...AUTO_PORT_ARGS, ...args],
    { cwd: ROOT, stdio: 'pipe' },
  );
  let output = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    });
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const urls = await new Promise<ChainUrls>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const find = (label: string) => new RegExp(`${label}\\s+(http\\S+)`).exec(output)?.[1];
      const [rest, faucet, indexer, readiness] = [
        find('REST'),
        find('faucet'),
        find('indexer'),
        find('readiness'),
      ];
      if (rest && faucet && indexer && readiness) resolve({ rest, faucet, indexer, readiness });
    });
    void exitPromise.then(() => reject(new Error(`localnet exited before ready:\n${output}`)));
  });
  const wait = async (signal: NodeJS.Signals) => {
    if (exit === null) child.kill(signal);
    await exitPromise;
  };
  return {
    child,
    urls,
    output: () => output,
    exited: () => exit,
    rss: () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        return kb === undefined ? 0 : Number(kb) * 1024;
      } catch {
        return 0;
      }
    },
    kill9: () => wait('SIGKILL'),
    stop: () => wait('SIGTERM'),
  };
}
