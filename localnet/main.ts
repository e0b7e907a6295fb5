import { parseCommandLine, UsageError, USAGE } from './config.ts';
import { startLocalnet } from './index.ts';

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`localnet: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const localnet = await startLocalnet(parsed.options);
  const { urls } = localnet;
  const where =
    parsed.options.ephemeral === true
      ? 'memory only (--ephemeral)'
      : (parsed.options.dataDir ?? '.localnet/');
  console.log(`Aptos local chain ready in ${Math.round(performance.now() - started)} ms
  REST       ${urls.rest}
  faucet     ${urls.faucet}
  indexer    ${urls.indexer}
  readiness  ${urls.readiness}
  chain id   ${localnet.chainId}
  root       ${localnet.rootAddress} (funded; DEV-ONLY private key ${localnet.rootPrivateKey})
  playground ${localnet.playgroundAddress}::playground
  data       ${where}
  ledger     version ${localnet.node.ledger.version}, block height ${localnet.node.ledger.height}`);
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
