/**
 * The chain as a user installs it: `npm pack` in localnet/, the tarball with the ts-sdk, Vitest,
 * Jest and TypeScript in a fresh project outside the repository, then four Vitest workers with a
 * chain each, one Jest file, the types and the command. Needs the npm registry or npm's cache.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAccounts } from '../../localnet/index.ts';
import { createTempProject, VERSIONS, type TempProject } from './tempProject.ts';

const here = join(import.meta.dirname, 'project');
const file = (name: string) => readFileSync(join(here, name), 'utf8');

interface WorkerRecord {
  pid: number;
  ports: { rest: number };
  startedAt: number;
  readyAt: number;
  stoppedAt: number;
}

describe('the packed chain in a fresh project', { timeout: 180_000 }, () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject({
      packages: [
        `vitest@${VERSIONS.vitest}`,
        `jest@${VERSIONS.jest}`,
        'typescript@5.9.3',
        '@types/node@20',
      ],
    });
    project.write('fixture.ts', file('fixture.ts'));
    for (const name of ['a', 'b', 'c', 'd'])
      project.write(
        `parallel/${name}.test.ts`,
        file('chain.test.template.ts').replace("'./fixture.ts'", "'../fixture.ts'"),
      );
    project.write('vitest.config.mjs', file('vitest.config.mjs'));
    project.write('global-setup.mjs', file('global-setup.mjs'));
    project.write('global/chain.test.mjs', file('global.test.mjs'));
    project.write('vitest.global.config.mjs', file('vitest.global.config.mjs'));
    project.write('jest/chain.test.cjs', file('chain.jest.cjs'));
    project.write('jest.config.json', file('jest.config.json'));
    project.write('types.ts', file('types.ts'));
    project.write('tsconfig.json', file('tsconfig.json'));
  }, 400_000);

  afterAll(() => project?.remove(), 60_000);

  it('installs one copy of the ts-sdk and nothing of the app', async () => {
    const sdk = await project.run('npm', ['ls', '@aptos-labs/ts-sdk', '--all', '--parseable']);
    expect(sdk.stdout.trim().split('\n')).toEqual([
      join(project.dir, 'node_modules/@aptos-labs/ts-sdk'),
    ]);
    const installed = JSON.parse(
      readFileSync(join(project.dir, 'node_modules/@tx-workbench/localnet/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(installed.dependencies).sort()).toEqual([
      '@aptos-labs/ts-sdk',
      '@noble/curves',
      '@noble/hashes',
    ]);
    const modules = readdirSync(join(project.dir, 'node_modules'));
    for (const app of ['react', '@mantine', 'xstate', '@tanstack'])
      expect(modules).not.toContain(app);
    const shipped = readdirSync(join(project.dir, 'node_modules/@tx-workbench/localnet'));
    expect(shipped.sort()).toEqual(['README.md', 'dist', 'package.json']);
  });

  it('runs four Vitest workers, each with its own chain, at the same time', async () => {
    const result = await project.run('npx', ['vitest', 'run'], { timeoutMs: 120_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+4 passed/);
    const records = readdirSync(join(project.dir, 'results')).map(
      (name) =>
        JSON.parse(readFileSync(join(project.dir, 'results', name), 'utf8')) as WorkerRecord,
    );
    expect(records).toHaveLength(4);
    expect(new Set(records.map((record) => record.pid)).size).toBe(4);
    expect(new Set(records.map((record) => record.ports.rest)).size).toBe(4);
    // All four chains were up at one moment: the last to be ready before the first to stop.
    const lastReady = Math.max(...records.map((record) => record.readyAt));
    const firstStop = Math.min(...records.map((record) => record.stoppedAt));
    expect(lastReady).toBeLessThan(firstStop);
  });

  it('serves a whole Vitest run from one chain started in globalSetup', async () => {
    const result = await project.run(
      'npx',
      ['vitest', 'run', '--config', 'vitest.global.config.mjs'],
      {
        timeoutMs: 60_000,
      },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+1 passed/);
  });

  it('runs a Jest file that exits on its own (no --forceExit)', async () => {
    const result = await project.run('npx', ['jest', '--config', 'jest.config.json'], {
      timeoutMs: 60_000,
    });
    const output = result.stdout + result.stderr;
    expect(result.timedOut, output).toBe(false);
    expect(result.code, output).toBe(0);
    expect(output).toMatch(/Tests:\s+1 passed/);
    expect(output).not.toContain('did not exit');
  });

  it('types the API and the fixture for TypeScript (a number amount does not compile)', async () => {
    const result = await project.run('npx', ['tsc', '-p', 'tsconfig.json'], { timeoutMs: 60_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it('starts from the aptos-localnet command with seeded accounts and stops on SIGTERM', async () => {
    const result = await project.run(
      'node',
      [
        '-e',
        `const { spawn } = require('node:child_process');
         const child = spawn('node_modules/.bin/aptos-localnet', ['--ephemeral', '--rest-port', '0', '--faucet-port', '0', '--indexer-port', '0', '--readiness-port', '0', '--seed', 'bin', '--accounts', '1']);
         let out = '';
         child.stdout.on('data', async (chunk) => {
           out += chunk;
           const rest = /REST\\s+(\\S+)/.exec(out);
           if (rest === null || child.asked) return;
           child.asked = true;
           const info = await (await fetch(rest[1])).json();
           console.log('chain_id', info.chain_id);
           console.log(out);
           child.kill('SIGTERM');
         });
         child.on('exit', (code) => console.log('exit', code));`,
      ],
      { timeoutMs: 30_000 },
    );
    expect(result.stdout).toContain('chain_id 4');
    const [account] = deriveAccounts({ seed: 'bin', count: 1 });
    expect(result.stdout).toContain(`account 0  ${account?.address} (100000000000 octas`);
    expect(result.stdout).toContain('exit 0');
  });
});
