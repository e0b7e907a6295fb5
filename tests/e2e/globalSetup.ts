import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Builds the app once, serves the build on a free loopback port, and hands its URL to the tests. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  mkdirSync('test-results', { recursive: true });
  await build({ logLevel: 'warn' });
  const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address() as AddressInfo;
  project.provide('baseURL', `http://127.0.0.1:${address.port}/`);
  return async () => {
    await server.close();
  };
}
