import { commandLineOrExit, hostWarning } from './config.ts';
import { NodeError } from './errors.ts';
import { startLocalnet, type ForkProgress } from './index.ts';

/** A fork's upstream reads as log lines: at most one every 2 s, and each wait after a 429. */
function forkProgressLog(): (progress: ForkProgress) => void {
  let last = 0;
  return (progress) => {
    const now = Date.now();
    if (progress.rateLimited !== undefined) {
      const { attempt, waitMs } = progress.rateLimited;
      process.stdout.write(`  fork       rate limited (429): retry ${attempt} in ${waitMs} ms\n`);
    } else if (now - last < 2_000) return;
    last = now;
    process.stdout.write(
      `  fork       read ${progress.keys} state values, ${progress.requests} requests, ${(progress.bytes / 1024).toFixed(1)} KiB\n`,
    );
  };
}

/**
 * The command line of `npm run localnet` and of the package's `aptos-localnet`: starts the chain,
 * prints where it listens, and stops it cleanly on SIGINT or SIGTERM.
 */
export async function runLocalnet(
  argv: string[],
  program: { name: string; command: string },
): Promise<void> {
  const options = commandLineOrExit(argv, program);
  if (options === null) return;
  const warning = hostWarning(options.host ?? '127.0.0.1');
  if (warning !== null) console.warn(warning);
  const started = performance.now();
  if (options.fork !== undefined) options.fork.onProgress = forkProgressLog();
  let localnet;
  try {
    localnet = await startLocalnet(options);
  } catch (error) {
    if (!(error instanceof NodeError)) throw error;
    // A fork that cannot start (upstream unreachable, version pruned or past its latest).
    console.error(`${program.name}: ${error.message}`);
    process.exit(1);
  }
  const { urls } = localnet;
  const info = localnet.node.ledgerInfo();
  const where =
    options.fork !== undefined
      ? `memory (a fork)${options.fork.cacheDir === undefined ? '' : `; upstream reads kept in ${options.fork.cacheDir}`}`
      : options.ephemeral === true
        ? 'memory only (--ephemeral)'
        : (options.dataDir ?? '.localnet/');
  process.stdout.write(`Aptos local chain ready in ${Math.round(performance.now() - started)} ms
  REST       ${urls.rest}
  faucet     ${urls.faucet}
  indexer    ${urls.indexer}
  readiness  ${urls.readiness}
  chain id   ${localnet.chainId}
  root       ${localnet.rootAddress} (funded; DEV-ONLY private key ${localnet.rootPrivateKey})
  playground ${localnet.playgroundAddress}::playground
  data       ${where}
  ledger     version ${info.ledgerVersion}, block height ${info.blockHeight}
`);
  const { fork } = localnet.node;
  if (fork !== null)
    process.stdout.write(
      `  fork       ${fork.url} at version ${fork.version} (state read as used, cached in memory; history up to it is the upstream's; the framework runs natively here)\n`,
    );
  for (const [index, account] of localnet.accounts.entries())
    process.stdout.write(
      `  account ${index}  ${account.address} (${account.balance} octas; DEV-ONLY key ${account.privateKey})\n`,
    );
  const { offsetMicros } = localnet.node.clockInfo();
  if (offsetMicros !== 0n) {
    // Replayed from the log: say so, and how to clear it (localnet/README.md, "The clock's rules").
    process.stdout.write(
      `  clock      ${Number(offsetMicros / 1_000n) / 1_000} s ahead of wall time (advanced earlier; POST /workbench/clock/reset or the Chain page's "Reset clock to now" clears it)\n`,
    );
  }
  const shutdown = () => {
    void localnet.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
