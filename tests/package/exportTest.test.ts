/**
 * Issue 33's acceptance for Export as test: the files exported from three runs (an abort in the
 * sender's own package, INSUFFICIENT_BALANCE, a sponsored run), dropped into a fresh project
 * outside the repository with the packed @tx-workbench/localnet, the ts-sdk and Vitest, pass
 * there and type-check under strict TypeScript; copies with the asserted outcome changed fail.
 * Needs the npm registry or npm's cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAptos } from '../../cli/headless';
import { startLocalnet } from '../../localnet/index';
import { exportTestFile } from '../../replay/exportTest';
import { fetchExportInputs } from '../../replay/exportTestInputs';
import { recordExportCases } from '../cli/exportTestFixture';
import { createTempProject, VERSIONS, type TempProject } from './tempProject.ts';

/** Each case's file, and a copy whose expectation is changed in one field. */
const files: Record<string, string> = {};

describe('exported tests in a fresh project', { timeout: 300_000 }, () => {
  let project: TempProject;

  beforeAll(async () => {
    const installing = createTempProject({
      packages: [`vitest@${VERSIONS.vitest}`, 'typescript@5.9.3', '@types/node@20'],
    });
    const localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
    try {
      const { runs } = await recordExportCases(localnet);
      const aptos = createAptos({ nodeUrl: localnet.urls.rest, networkName: 'local' });
      for (const [name, record] of Object.entries(runs)) {
        files[name] = exportTestFile(record, await fetchExportInputs({ aptos, record })).text;
      }
    } finally {
      await localnet.stop();
    }
    project = await installing;
    project.write(
      'vitest.config.mjs',
      "export default { test: { include: ['exported/*.test.ts', 'changed/*.test.ts'] } };\n",
    );
  }, 600_000);

  afterAll(() => project?.remove(), 60_000);

  it('the three exported files pass against a fresh chain there', async () => {
    for (const [name, text] of Object.entries(files))
      project.write(`exported/${name}.test.ts`, text);
    const result = await project.run('npx', ['vitest', 'run', 'exported/'], { timeoutMs: 180_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Test Files\s+3 passed/);
    expect(result.stdout).toMatch(/Tests\s+3 passed/);
  });

  it('they type-check under strict TypeScript against the package’s types', async () => {
    project.write(
      'tsconfig.json',
      `${JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        include: ['exported/*.test.ts'],
      })}\n`,
    );
    const result = await project.run('npx', ['tsc', '-p', '.'], { timeoutMs: 180_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it('each fails once its asserted outcome is changed', async () => {
    const changes: Array<[string, string, string]> = [
      ['abort', "abortCode: '0x2a'", "abortCode: '0x2b'"],
      ['insufficient', 'success: false,', 'success: true,'],
      [
        'sponsored',
        'vmStatus: `Move abort in ${short(0)}::transfer: 0x7`',
        'vmStatus: `Move abort in ${short(0)}::transfer: 0x8`',
      ],
    ];
    for (const [name, from, to] of changes) {
      expect(files[name]).toContain(from);
      project.write(`changed/${name}.test.ts`, files[name].replace(from, to));
    }
    const result = await project.run('npx', ['vitest', 'run', 'changed/'], { timeoutMs: 180_000 });
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/Tests\s+3 failed/);
    expect(result.stdout + result.stderr).toContain('AssertionError');
  });
});
