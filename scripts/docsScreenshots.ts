import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run docs:screenshots`: regenerates the pictures in docs/screenshots/ that README and the
 * guides show. The journeys write every screenshot to test-results/ only (so `npm run test:e2e`
 * leaves the work tree clean); this runs the journeys that take the documented ones, then copies
 * each from test-results/. `-- --copy-only` copies from an earlier `npm run test:e2e` instead.
 * Run it in a network namespace or with no `npm start` running (the journeys use fixed ports).
 */
const docsDir = 'docs/screenshots';
const resultsDir = 'test-results';

/** Each documented picture and the journey screenshot it is copied from. */
const pictures: Record<string, { journey: string; shot: string }> = {
  'compose-0-get-started.png': { journey: 'compose', shot: 'compose-0-get-started.png' },
  'compose-1-committed.png': { journey: 'compose', shot: 'compose-1-committed.png' },
  'compose-tabs-events.png': { journey: 'compose', shot: 'compose-tabs-events.png' },
  'compose-3-failed-abort.png': { journey: 'compose', shot: 'compose-3-failed-abort.png' },
  'compose-6-committed-after-clock-jump.png': {
    journey: 'compose',
    shot: 'compose-6-committed-after-clock-jump.png',
  },
  'chain-lookup-overview.png': { journey: 'chain', shot: 'chain-lookup-overview.png' },
  'chain-account-tokens.png': { journey: 'tokens', shot: 'chain-account-tokens.png' },
  'wallet-fund-chosen-amount.png': { journey: 'wallet', shot: 'wallet-fund-chosen-amount.png' },
  'faults-node-down-timed-out.png': { journey: 'faults', shot: 'faults-1-node-down-timed-out.png' },
  'visualizer-whole-chart.png': {
    journey: 'visualizer',
    shot: 'visualizer-8-whole-chart-1440.png',
  },
  'trace-simulated-abort.png': { journey: 'moveTrace', shot: 'move-trace-1-simulated.png' },
  'faults-hostile-history-detail.png': {
    journey: 'faults',
    shot: 'faults-8-hostile-history-detail.png',
  },
};

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const unknown = readdirSync(docsDir).filter((name) => name.endsWith('.png') && !pictures[name]);
if (unknown.length > 0) {
  console.error(
    `${docsDir}: no journey named for ${unknown.join(', ')} (scripts/docsScreenshots.ts)`,
  );
  process.exit(1);
}

const copyOnly = process.argv.includes('--copy-only');
const started = Date.now();
if (!copyOnly) {
  const journeys = [...new Set(Object.values(pictures).map((picture) => picture.journey))];
  run('npx', ['tsx', 'tests/e2e/preflight.ts']);
  run('npx', [
    'vitest',
    'run',
    '--config',
    'tests/e2e/vitest.config.ts',
    ...journeys.map((journey) => `tests/e2e/${journey}.e2e.ts`),
  ]);
}

const missing: string[] = [];
for (const [name, { shot }] of Object.entries(pictures)) {
  const from = join(resultsDir, shot);
  // After a run, only a picture that run took: an older one would hide a journey that stopped early.
  if (!existsSync(from) || (!copyOnly && statSync(from).mtimeMs < started)) {
    missing.push(shot);
    continue;
  }
  copyFileSync(from, join(docsDir, name));
  console.log(`${from} → ${docsDir}/${name}`);
}
if (missing.length > 0) {
  console.error(`Not taken: ${missing.join(', ')}`);
  process.exit(1);
}
