/**
 * A fresh npm project outside the repository with the chain package installed from its tarball:
 * what a user gets from `npm install -D @tx-workbench/localnet`. Pack once (cached across test
 * processes by the sources' state), create projects, drop files in, run commands.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const packageDir = join(root, 'localnet');

/** The versions a fresh project installs beside the package (the app's ts-sdk; the runners). */
export const VERSIONS = { tsSdk: '5.2.1', vitest: '4.1.12', jest: '30.5.2' } as const;

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  timedOut: boolean;
}

/** Runs a command to its end (its process group is killed at `timeoutMs`); never throws on exit codes. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs?: number; env?: Record<string, string> },
): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...cleanEnv(), ...options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs ?? 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr, durationMs: performance.now() - started, timedOut });
    });
  });
}

/** This process's environment without what the test runner running us set for itself, no colours. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(VITEST|TINYPOOL|JEST|npm_)/i.test(key)) continue;
    if (['NODE_OPTIONS', 'NODE_ENV', 'INIT_CWD', 'FORCE_COLOR'].includes(key)) continue;
    env[key] = value;
  }
  // Plain output, for the assertions on it.
  env.NO_COLOR = '1';
  return env;
}

/** Every file of the package's sources with its size and mtime: the tarball's cache key. */
function sourcesKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name === 'dist' || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        hash.update(`${relative(packageDir, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
      }
    }
  };
  walk(packageDir);
  return hash.digest('hex').slice(0, 16);
}

const cacheDir = join(tmpdir(), 'tx-workbench-localnet-pack');
let packed: Promise<string> | undefined;

/**
 * `npm pack` in localnet/ (its prepack builds dist/): the tarball's path. Once per process; a
 * tarball of the same sources packed by another process is reused, and a lock keeps two
 * processes from building dist/ at once. `LOCALNET_TARBALL=<file>` uses that tarball instead.
 */
export function packLocalnet(): Promise<string> {
  // A tarball packed elsewhere (a clean checkout, a release) instead of this tree's.
  const given = process.env.LOCALNET_TARBALL;
  if (given !== undefined && given !== '') return Promise.resolve(resolve(given));
  packed ??= (async () => {
    const tarball = join(cacheDir, `localnet-${sourcesKey()}.tgz`);
    mkdirSync(cacheDir, { recursive: true });
    const lock = join(cacheDir, 'lock');
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        mkdirSync(lock);
        break;
      } catch {
        // A lock older than the deadline is a crashed packer's.
        if (Date.now() > deadline || Date.now() - statSync(lock).mtimeMs > 180_000)
          rmSync(lock, { recursive: true, force: true });
        else await new Promise((wait) => setTimeout(wait, 250));
      }
    }
    try {
      if (existsSync(tarball)) return tarball;
      const out = mkdtempSync(join(tmpdir(), 'localnet-pack-'));
      const result = await run('npm', ['pack', '--pack-destination', out], {
        cwd: packageDir,
        timeoutMs: 180_000,
      });
      const file = readdirSync(out).find((name) => name.endsWith('.tgz'));
      if (result.code !== 0 || file === undefined)
        throw new Error(`npm pack failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
      copyFileSync(join(out, file), tarball);
      // Tarballs of older sources, unused for an hour, go.
      for (const name of readdirSync(cacheDir)) {
        const path = join(cacheDir, name);
        if (
          name.endsWith('.tgz') &&
          path !== tarball &&
          Date.now() - statSync(path).atimeMs > 3_600_000
        )
          rmSync(path, { force: true });
      }
      rmSync(out, { recursive: true, force: true });
      return tarball;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  })();
  return packed;
}

export interface TempProject {
  /** The project's directory, in the system's temp dir (outside the repository). */
  dir: string;
  /** Writes a file (parent directories made), path relative to the project. */
  write(path: string, content: string): void;
  /** Runs a command in the project. */
  run(
    command: string,
    args: string[],
    options?: { timeoutMs?: number; env?: Record<string, string> },
  ): Promise<RunResult>;
  /** Deletes the project. */
  remove(): void;
}

/**
 * A fresh ESM project (`"type": "module"`) with the packed chain, `@aptos-labs/ts-sdk` at the
 * app's version and `packages` (e.g. `vitest@4.1.12`) installed with
 * `npm install --prefer-offline --no-audit --no-fund`.
 */
export async function createTempProject(
  options: { packages?: string[]; installTimeoutMs?: number } = {},
): Promise<TempProject> {
  const tarball = await packLocalnet();
  const dir = mkdtempSync(join(tmpdir(), 'localnet-project-'));
  const project: TempProject = {
    dir,
    write: (path, content) => {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    },
    run: (command, args, runOptions = {}) => run(command, args, { cwd: dir, ...runOptions }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  project.write(
    'package.json',
    `${JSON.stringify({ name: 'localnet-user', private: true, type: 'module' }, null, 2)}\n`,
  );
  const install = await project.run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      tarball,
      `@aptos-labs/ts-sdk@${VERSIONS.tsSdk}`,
      ...(options.packages ?? []),
    ],
    { timeoutMs: options.installTimeoutMs ?? 300_000 },
  );
  if (install.code !== 0) {
    project.remove();
    throw new Error(`npm install failed (${install.code}):\n${install.stdout}\n${install.stderr}`);
  }
  return project;
}
