import { commandLineOrExit, hostWarning } from './config.ts';
import { startLocalnet } from './index.ts';

async function main(): Promise<void> {
  const options = commandLineOrExit(process.argv.slice(2), {
    name: 'localnet',
    command: 'npm run localnet',
  });
  if (options === null) return;
  const warning = hostWarning(options.host ?? '127.0.0.1');
  if (warning !== null) console.warn(warning);
  const started = performance.now();
  const localnet = await startLocalnet(options);
  const { urls } = localnet;
  const info = localnet.node.ledgerInfo();
  const where =
    options.ephemeral === true ? 'memory only (--ephemeral)' : (options.dataDir ?? '.localnet/');
  console.log(`Aptos local chain ready in ${Math.round(performance.now() - started)} ms
  REST       ${urls.rest}
  faucet     ${urls.faucet}
  indexer    ${urls.indexer}
  readiness  ${urls.readiness}
  chain id   ${localnet.chainId}
  root       ${localnet.rootAddress} (funded; DEV-ONLY private key ${localnet.rootPrivateKey})
  playground ${localnet.playgroundAddress}::playground
  data       ${where}
  ledger     version ${info.ledgerVersion}, block height ${info.blockHeight}`);
  const { offsetMicros } = localnet.node.clockInfo();
  if (offsetMicros !== 0n) {
    // Replayed from the log: say so, and how to clear it (localnet/README.md, "The clock's rules").
    console.log(
      `  clock      ${Number(offsetMicros / 1_000n) / 1_000} s ahead of wall time (advanced earlier; POST /workbench/clock/reset or the Chain page's "Reset clock to now" clears it)`,
    );
  }
  const shutdown = () => {
    void localnet.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('localnet: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
