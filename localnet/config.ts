import { parseArgs } from 'node:util';
import { DEFAULT_PORTS, type LocalnetOptions } from './index.ts';

export const USAGE = `Usage: npm run localnet -- [options]

Starts the embedded Aptos local chain (chain id 4) on the ports Network.LOCAL expects.

Options:
  --rest-port <n>        REST API port (default ${DEFAULT_PORTS.rest}; 0 picks a free port)
  --faucet-port <n>      faucet port (default ${DEFAULT_PORTS.faucet})
  --indexer-port <n>     indexer GraphQL port (default ${DEFAULT_PORTS.indexer})
  --readiness-port <n>   readiness port (default ${DEFAULT_PORTS.readiness})
  --data-dir <dir>       where the durable log lives (default .localnet/)
  --ephemeral            keep everything in memory (ignores --data-dir)
  --reset                wipe the data dir before starting
  --block-time <ms>      a block every N ms (default 250); 0 commits instantly (next tick)
  --idle-block-time <ms> an empty block after N idle ms (default 500); 0 for none
  --host <addr>          interface to listen on (default 127.0.0.1; others only when asked)
  --fsync                fsync the log after every block (survives power loss too)
  --allow-origin <url>   also let this origin use the dev controls and the faucet (repeatable;
                         loopback origins on any port always may)
  --seed <text>          funded accounts derived from this seed, the same on every run (printed)
  --accounts <n>         how many, with --seed (default 10)
  --balance <octas>      each one's balance, with --seed (default 100000000000, 1,000 APT)
  --fork <url>[@version] fork an Aptos node's REST API (https://…/v1) at a version (default its
                         latest): its state read lazily, new blocks local, kept in memory; with
                         --data-dir, what it reads is also kept there for later forks
  -h, --help             show this help`;

/** Arguments that let every service pick a free port (tests and benchmarks that spawn the chain). */
export const AUTO_PORT_ARGS = [
  '--rest-port',
  '0',
  '--faucet-port',
  '0',
  '--indexer-port',
  '0',
  '--readiness-port',
  '0',
] as const;

/** True for an address only this machine can reach: `127.x.x.x`, `::1`, `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * The warning `npm run localnet` prints for a `--host` other machines can reach, or `null` for a
 * loopback one. The root account's key is public and fixed, and the faucet and the dev controls
 * take any client that sends no browser `Origin`: on a shared network anyone can mint, revert the
 * chain or sign as root.
 */
export function hostWarning(host: string): string | null {
  if (isLoopbackHost(host)) return null;
  return [
    `WARNING: --host ${host} makes the chain reachable from other machines.`,
    "  The root account's private key is DEV-ONLY and public (it is printed below and in",
    '  localnet/README.md): anyone who can reach these ports can sign as root, mint APT with the',
    '  faucet, and use the dev controls (revert, clock, faults), which refuse only browser origins.',
    '  Use it on a trusted network only, and never send anything of value to these accounts.',
  ].join('\n');
}

/** A bad command line: the message says what is wrong; the caller prints it with the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function port(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) > 65_535)
    throw new UsageError(`--${name} must be a port number (0-65535), got "${value}"`);
  return Number(value);
}

/** Parses `localnet/main.ts`'s arguments into `startLocalnet` options (or `help`). */
export function parseCommandLine(
  argv: string[],
): { help: true } | { help: false; options: LocalnetOptions } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'rest-port': { type: 'string' },
        'faucet-port': { type: 'string' },
        'indexer-port': { type: 'string' },
        'readiness-port': { type: 'string' },
        'data-dir': { type: 'string' },
        ephemeral: { type: 'boolean' },
        reset: { type: 'boolean' },
        'block-time': { type: 'string' },
        'idle-block-time': { type: 'string' },
        host: { type: 'string' },
        fsync: { type: 'boolean' },
        'allow-origin': { type: 'string', multiple: true },
        seed: { type: 'string' },
        accounts: { type: 'string' },
        balance: { type: 'string' },
        fork: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) return { help: true };
  const blockTime = values['block-time'];
  if (blockTime !== undefined && !/^[0-9]+$/.test(blockTime)) {
    throw new UsageError(`--block-time must be a whole number of milliseconds, got "${blockTime}"`);
  }
  const idleBlockTime = values['idle-block-time'];
  if (idleBlockTime !== undefined && !/^[0-9]+$/.test(idleBlockTime)) {
    throw new UsageError(
      `--idle-block-time must be a whole number of milliseconds, got "${idleBlockTime}"`,
    );
  }
  if (values.host !== undefined && values.host.trim() === '')
    throw new UsageError('--host needs an address');
  if (values.ephemeral === true && values.reset === true)
    throw new UsageError('--reset has no meaning with --ephemeral');
  const ports: LocalnetOptions['ports'] = {};
  const rest = port(values['rest-port'], 'rest-port');
  const faucet = port(values['faucet-port'], 'faucet-port');
  const indexer = port(values['indexer-port'], 'indexer-port');
  const readiness = port(values['readiness-port'], 'readiness-port');
  if (rest !== undefined) ports.rest = rest;
  if (faucet !== undefined) ports.faucet = faucet;
  if (indexer !== undefined) ports.indexer = indexer;
  if (readiness !== undefined) ports.readiness = readiness;
  const options: LocalnetOptions = {
    ports,
    ephemeral: values.ephemeral ?? false,
    reset: values.reset ?? false,
    fsync: values.fsync ?? false,
    ...(blockTime === undefined ? {} : { blockTimeMs: Number(blockTime) }),
    ...(idleBlockTime === undefined ? {} : { idleBlockMs: Number(idleBlockTime) }),
    host: values.host ?? '127.0.0.1',
  };
  if (values['data-dir'] !== undefined) options.dataDir = values['data-dir'];
  if (values['allow-origin'] !== undefined) options.allowOrigins = values['allow-origin'];
  const { seed, accounts, balance } = values;
  if (seed === undefined && (accounts !== undefined || balance !== undefined))
    throw new UsageError('--accounts and --balance need --seed');
  if (accounts !== undefined && !/^[0-9]+$/.test(accounts))
    throw new UsageError(`--accounts must be a whole number, got "${accounts}"`);
  if (balance !== undefined && !/^[0-9]+$/.test(balance))
    throw new UsageError(`--balance must be a whole number of octas, got "${balance}"`);
  if (seed !== undefined)
    options.accounts = {
      seed,
      ...(accounts === undefined ? {} : { count: Number(accounts) }),
      ...(balance === undefined ? {} : { balance }),
    };
  if (values.fork !== undefined) {
    if (seed !== undefined)
      throw new UsageError("--seed has no meaning with --fork: use the upstream's accounts");
    if (values.reset === true || values.ephemeral === true)
      throw new UsageError(
        '--reset and --ephemeral have no meaning with --fork: a fork lives in memory',
      );
    const dir = values['data-dir'];
    options.fork = { ...forkOption(values.fork), ...(dir === undefined ? {} : { cacheDir: dir }) };
  }
  return { help: false, options };
}

/** `--fork <url>[@version]`: an http(s) URL, optionally `@` and a version. */
function forkOption(value: string): { url: string; version?: string } {
  const at = /^(.*)@([0-9]+)$/.exec(value);
  const url = at === null ? value : (at[1] ?? '');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--fork needs a node's REST URL (https://…/v1[@version]), got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`--fork needs an http(s) URL, got "${value}"`);
  return at === null ? { url } : { url, version: at[2] ?? '' };
}

/**
 * `parseCommandLine` for a program's `main`: a bad command line prints what is wrong and the usage
 * (exit status 2); `--help` prints the usage and returns `null`.
 */
export function commandLineOrExit(
  argv: string[],
  program: { name: string; command: string },
): LocalnetOptions | null {
  const usage = USAGE.replace(
    'npm run localnet --',
    program.command.startsWith('npm run') ? `${program.command} --` : program.command,
  );
  try {
    const parsed = parseCommandLine(argv);
    if (!parsed.help) return parsed.options;
    process.stdout.write(`${usage}\n`);
    return null;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${program.name}: ${error.message}\n\n${usage}`);
    process.exit(2);
  }
}
