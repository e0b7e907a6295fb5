// `npm run localnet`: runs localnet/main.ts from a bundle cached in node_modules/.cache.
// Loading the sources through tsx costs about a second at every start; the bundle starts in
// about half that. It is rebuilt (in ~0.3 s) whenever a file in localnet/ or the lockfile is newer.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'node_modules', '.cache', 'workbench', 'localnet.mjs');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function bundleIsFresh() {
  try {
    const built = statSync(bundle).mtimeMs;
    const sources = Math.max(
      newestMtime(join(root, 'localnet')),
      statSync(join(root, 'package-lock.json')).mtimeMs,
      statSync(fileURLToPath(import.meta.url)).mtimeMs,
    );
    return built > sources;
  } catch {
    return false;
  }
}

/**
 * Modules the ts-sdk imports at its top level that the chain rarely or never calls, loaded at
 * their first call instead (`require` inside a function: esbuild keeps the module lazy until then).
 * poseidon-lite (keyless accounts) parses its round constants when loaded, a third of the chain's
 * start-up; the SDK's HTTP client (got, with its DNS cache and HTTP/2 support) is never used by
 * the chain itself. Each name is the module's export, called through.
 */
const LAZY_MODULES = {
  'poseidon-lite': Array.from({ length: 16 }, (_, i) => `poseidon${i + 1}`),
  '@aptos-labs/aptos-client': ['default', 'bcsRequest', 'jsonRequest'],
};

const lazyModules = {
  name: 'lazy-modules',
  setup(build) {
    const filter = new RegExp(
      `^(${Object.keys(LAZY_MODULES)
        .map((name) => name.replace(/[/.-]/g, '\\$&'))
        .join('|')})$`,
    );
    build.onResolve({ filter }, (args) =>
      args.namespace === 'lazy' ? undefined : { path: args.path, namespace: 'lazy' },
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      resolveDir: root,
      contents: [
        'let real;',
        `const load = () => (real ??= require(${JSON.stringify(args.path)}));`,
        ...LAZY_MODULES[args.path].map((name) =>
          name === 'default'
            ? 'export default function lazyDefault(...args) { return load().default(...args); }'
            : `export const ${name} = (...args) => load().${name}(...args);`,
        ),
      ].join('\n'),
    }));
  },
};

if (!bundleIsFresh()) {
  const { build } = await import('esbuild');
  mkdirSync(dirname(bundle), { recursive: true });
  await build({
    entryPoints: [join(root, 'localnet', 'main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [lazyModules],
    // Some dependencies are CommonJS and require() Node built-ins.
    banner: {
      js: "import { createRequire as __workbenchCreateRequire } from 'node:module'; const require = __workbenchCreateRequire(import.meta.url);",
    },
  });
}

await import(pathToFileURL(bundle).href);
