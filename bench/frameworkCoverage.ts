/**
 * `npm run framework-coverage [-- --list] [-- --reference DIR]`: every public and entry function
 * of the reference framework with its status on the embedded chain (issue 31), totals per package
 * and per target module, written to `bench/results/framework-coverage.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FunctionCoverage, ModuleTotals } from './tools/frameworkCoverage.ts';
import {
  callableShare,
  frameworkCoverage,
  REFERENCE_ROOT,
  referenceAvailable,
  TARGET_MODULES,
  totals,
} from './tools/frameworkCoverage.ts';

const RESULTS = join(import.meta.dirname, 'results', 'framework-coverage.json');

const args = process.argv.slice(2);
const at = args.indexOf('--reference');
const root =
  at >= 0 && args[at + 1] !== undefined ? resolve(args[at + 1] as string) : REFERENCE_ROOT;

if (!referenceAvailable(root)) {
  console.error(
    `framework-coverage: no reference framework at ${root}.\n` +
      'It reads the framework as devnet publishes it (packages.json and <Package>/*.mv), kept in\n' +
      '../shared/reference/aptos-framework beside the clone. Put that folder there, or pass\n' +
      '`npm run framework-coverage -- --reference DIR` with a folder of the same shape.\n' +
      'Nothing else needs it: the chain and its tests run without it.',
  );
  process.exit(2);
}

const all = frameworkCoverage(root);

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

const cells = (name: string, t: ModuleTotals, extra: string[] = []): string[] => [
  name,
  String(t.functions),
  String(t.callable),
  String(t.differs),
  String(t.entryOnly),
  String(t.missing),
  `${callableShare(t).toFixed(1)} %`,
  ...extra,
];
const HEADER = ['', 'functions', 'callable', 'differs', 'entry only', 'missing', 'callable'];

if (args.includes('--list')) {
  for (const f of all)
    console.log(`${f.status.padEnd(10)} ${f.module}::${f.signature}  [${f.note}]`);
  console.log('');
}

const sum = (fs: readonly FunctionCoverage[]) => totals(fs, () => 'all').get('all');
const packages = totals(all, (f) => f.package);
const whole = sum(all);
console.log('Per package (public functions and entry functions of any visibility):');
table(HEADER, [
  ...[...packages].map(([name, t]) => cells(name, t)),
  ...(whole === undefined ? [] : [cells('all', whole)]),
]);

const targets = new Set(TARGET_MODULES);
const perModule = totals(
  all.filter((f) => targets.has(f.module)),
  (f) => f.module,
);
const targetRows = TARGET_MODULES.map((m) => {
  const t = perModule.get(m) ?? { functions: 0, callable: 0, differs: 0, entryOnly: 0, missing: 0 };
  return cells(m, t, [callableShare(t) === 100 ? 'met' : 'missed']);
});
const rest = sum(all.filter((f) => !targets.has(f.module)));
console.log('\nTarget modules (100 %) and the rest (≥ 90 %):');
table(
  [...HEADER, 'target'],
  [
    ...targetRows,
    ...(rest === undefined
      ? []
      : [cells('the rest', rest, [callableShare(rest) >= 90 ? 'met' : 'missed'])]),
  ],
);
console.log(
  '\ncallable: the interpreter binds the call and the chain’s ABI is the node’s; no test compares' +
    '\nthese results with a node’s, so none is counted node-equal.',
);

mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  RESULTS,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      reference: root,
      packages: Object.fromEntries(packages),
      targets: Object.fromEntries(perModule),
      rest,
      functions: all,
    },
    null,
    1,
  )}\n`,
);
console.log(`\n${all.length} functions written to ${RESULTS}`);
