import { createServer } from 'vite';
import { commandLineOrExit } from '../localnet/config.ts';
import { DEFAULT_PORTS, startLocalnet, type Localnet } from '../localnet/index.ts';

/** True when something already answers the local-network readiness probe (as the SDK checks). */
async function localChainAlreadyRunning(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(500) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * `npm start`: the whole workbench on this machine. Starts the embedded local chain on the
 * `Network.LOCAL` ports (options as for `npm run localnet`, e.g. `npm start -- --reset`), then
 * serves the app with Vite on 127.0.0.1:5173 and prints where to open it.
 */
async function main(): Promise<void> {
  const options = commandLineOrExit(process.argv.slice(2), {
    name: 'npm start',
    command: 'npm start',
  });
  if (options === null) return;

  let localnet: Localnet | null = null;
  const readinessPort =
    options.ports !== 'auto' && options.ports?.readiness
      ? options.ports.readiness
      : DEFAULT_PORTS.readiness;
  if (await localChainAlreadyRunning(readinessPort)) {
    console.log('A local chain is already running on this machine: the workbench will use it.');
  } else {
    localnet = await startLocalnet(options);
    console.log(`Local chain (chain id ${localnet.chainId}) at ${localnet.urls.rest}`);
    console.log(`  faucet ${localnet.urls.faucet}   indexer ${localnet.urls.indexer}`);
  }

  const server = await createServer({
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
  console.log(`\nTransaction Workbench is running at ${url}\nPress Ctrl+C to stop.\n`);

  const stop = async () => {
    await server.close();
    await localnet?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Could not start the workbench: ${message}`);
  if (/EADDRINUSE/.test(message)) {
    console.error(
      'A port the workbench needs is taken (5173 for the app; 8080, 8081, 8090, 8070 for the local chain). Stop the other server and retry.',
    );
  }
  process.exit(1);
});
