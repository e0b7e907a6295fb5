import { commandLineOrExit, hostWarning } from './config.ts';
import { startLocalnet } from './index.ts';

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
  const localnet = await startLocalnet(options);
  const { urls } = localnet;
  const info = localnet.node.ledgerInfo();
  const where =
    options.ephemeral === true ? 'memory only (--ephemeral)' : (options.dataDir ?? '.localnet/');
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
