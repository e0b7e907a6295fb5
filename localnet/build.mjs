// Builds the package in dist/ (run by `npm pack` through prepack): ESM and CommonJS bundles of
// index.ts with the dependencies left external (one @aptos-labs/ts-sdk in an installed tree), the
// `aptos-localnet` command, and the declarations. The workbench itself runs the sources.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};

rmSync(dist, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { index: join(here, 'index.ts'), bin: join(here, 'bin.ts') },
  outdir: dist,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
// The command needs its shebang on its first line (splitting puts the code in a chunk).
const binPath = join(dist, 'bin.js');
writeFileSync(binPath, `#!/usr/bin/env node\n${readFileSync(binPath, 'utf8')}`, { mode: 0o755 });
await build({
  ...common,
  entryPoints: [join(here, 'index.ts')],
  outfile: join(dist, 'index.cjs'),
  format: 'cjs',
  // `import.meta.url` (createRequire of an optional curve) has no CommonJS form of its own.
  define: { 'import.meta.url': '__localnetImportMetaUrl' },
  banner: {
    js: "const __localnetImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
  },
});

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
// Declarations keep the sources' `./x.ts` specifiers; the files they name are `./x.d.ts` (`./x.js`).
const relativeTs = /(['"])(\.\.?\/[^'"]*)\.ts\1/g;
function rewrite(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) rewrite(path);
    else if (entry.name.endsWith('.d.ts'))
      writeFileSync(path, readFileSync(path, 'utf8').replace(relativeTs, '$1$2.js$1'));
  }
}
rewrite(dist);
