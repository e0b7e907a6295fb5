/**
 * Runs test files written by `export-test` / History's Export as test inside this repository, their
 * `@tx-workbench/localnet` import pointed at the chain's sources (tests/package runs them in a
 * fresh project with the packed package instead).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** This process's environment without the test runner's own variables, and without colours. */
function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|TINYPOOL)/.test(key)),
  );
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0' };
}

/** Runs a command in the repository to its end; never throws on an exit code. */
export function exec(command: string, args: string[], timeout = 180_000): Promise<ExecResult> {
  return new Promise((done) => {
    execFile(command, args, { cwd: repo, timeout, env: childEnv() }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Writes each file as `<name>.test.ts` in `dir` (inside the repository, so the ts-sdk and Vitest
 * resolve) and runs them with Vitest, each in its own process.
 */
export async function runExportedHere(
  dir: string,
  files: Record<string, string>,
): Promise<ExecResult> {
  mkdirSync(dir, { recursive: true });
  const localnetIndex = relative(dir, join(repo, 'localnet/index.ts'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(
      join(dir, `${name}.test.ts`),
      text.replace("from '@tx-workbench/localnet'", `from '${localnetIndex}'`),
    );
  }
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `export default { test: { root: ${JSON.stringify(dir)}, include: ['*.test.ts'], pool: 'forks' } };\n`,
  );
  return exec(process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    join(dir, 'vitest.config.mjs'),
  ]);
}
