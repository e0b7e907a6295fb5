import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { startLocalnet } from '../../localnet/index.ts';
import { assertChromiumInstalled } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    localnet: { rest: string; faucet: string; indexer: string; rootAddress: string };
  }
}

/**
 * Starts a fresh in-memory local chain on the `Network.LOCAL` ports (the app and the wallet
 * adapter address the embedded chain there), builds the app once, serves the build on a free
 * loopback port, and hands both to the tests.
 */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  mkdirSync('test-results', { recursive: true });
  // Instant commits keep the journeys quick; E2E_DEFAULT_CADENCE=1 runs them on the cadence a user
  // gets from `npm start` (blocks every 250 ms, empty blocks while idle).
  const cadence = process.env.E2E_DEFAULT_CADENCE === '1' ? {} : { blockTimeMs: 0 };
  const localnet = await startLocalnet({ ...cadence, ephemeral: true }).catch((error: unknown) => {
    throw new Error(
      `Browser tests start their own local chain on ports 8080, 8081, 8090 and 8070, and could not (${String(error)}). ` +
        'Stop `npm start` or `npm run localnet` while the browser tests run.',
    );
  });
  project.provide('localnet', {
    rest: localnet.urls.rest,
    faucet: localnet.urls.faucet,
    indexer: localnet.urls.indexer,
    rootAddress: localnet.rootAddress,
  });
  await build({ logLevel: 'warn' });
  const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address() as AddressInfo;
  project.provide('baseURL', `http://127.0.0.1:${address.port}/`);
  return async () => {
    await server.close();
    await localnet.stop();
  };
}
