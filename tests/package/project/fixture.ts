// A chain per Vitest worker (a worker-scoped fixture), as localnet/README.md documents it. Each
// worker also writes when its chain ran, so the test outside can check the four overlapped.
import { mkdirSync, writeFileSync } from 'node:fs';
import { startLocalnet, type Localnet } from '@tx-workbench/localnet';
import { test as base } from 'vitest';

export const test = base.extend<{ localnet: Localnet }>({
  localnet: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads the fixture's dependencies from it
    async ({}, use) => {
      const startedAt = Date.now();
      const localnet = await startLocalnet({
        ephemeral: true,
        ports: 'auto',
        mining: { mode: 'instant' },
        accounts: { seed: 'parallel-suite', count: 2, balance: '100000000' },
      });
      const readyAt = Date.now();
      await use(localnet);
      await localnet.stop();
      mkdirSync('results', { recursive: true });
      writeFileSync(
        `results/${process.pid}-${localnet.ports.rest}.json`,
        JSON.stringify({
          pid: process.pid,
          worker: process.env.VITEST_POOL_ID,
          ports: localnet.ports,
          startedAt,
          readyAt,
          stoppedAt: Date.now(),
        }),
      );
    },
    { scope: 'worker' },
  ],
});
