import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sections } from './sections/index.ts';
import type { Metric } from './types.ts';

const RESULTS_DIR = join(import.meta.dirname, 'results');

function passes(metric: Metric): boolean | null {
  if (metric.target === undefined) return null;
  return metric.target.op === '>='
    ? metric.value >= metric.target.value
    : metric.value <= metric.target.value;
}

function format(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 3 : 1 });
}

/** The machine's 1, 5 and 15-minute load averages, as `uptime` prints them. */
function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

function printTable(name: string, metrics: Metric[]): void {
  const rows = metrics.map((metric) => {
    const ok = passes(metric);
    return [
      metric.name,
      `${format(metric.value)} ${metric.unit}`,
      metric.target === undefined ? '' : `${metric.target.op} ${format(metric.target.value)}`,
      ok === null ? '' : ok ? 'ok' : 'MISSED',
      metric.runs === undefined ? '' : metric.runs.map(format).join(' / '),
    ];
  });
  const header = ['metric', 'value', 'target', '', 'runs'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n== ${name}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const chosen =
    wanted.length === 0 ? sections : sections.filter((section) => wanted.includes(section.name));
  if (chosen.length === 0) {
    console.error(
      `No bench section named ${wanted.join(', ')}; known: ${sections.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  let missed = 0;
  const failed: string[] = [];
  for (const section of chosen) {
    const loadBefore = loadAverage();
    console.log(`Running ${section.name}: ${section.description}`);
    console.log(`  load average ${loadBefore} (1, 5, 15 min) at the start`);
    let result: Awaited<ReturnType<typeof section.run>>;
    try {
      result = await section.run();
    } catch (error) {
      // One section that cannot run (ports taken, no Chromium) does not stop the others.
      console.error(
        `  ${section.name} FAILED: ${error instanceof Error ? error.message : String(error)}`,
      );
      failed.push(section.name);
      continue;
    }
    const loadAfter = loadAverage();
    printTable(section.name, result.metrics);
    console.log(`  load average ${loadAfter} at the end (2 cores)`);
    for (const note of result.notes ?? []) console.log(`  note: ${note}`);
    missed += result.metrics.filter((metric) => passes(metric) === false).length;
    const file = join(RESULTS_DIR, `${section.name}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          section: section.name,
          date: new Date().toISOString(),
          machine: {
            cpus: cpus().length,
            model: cpus()[0]?.model ?? 'unknown',
            node: process.version,
          },
          loadAverage: { start: loadBefore, end: loadAfter },
          metrics: result.metrics.map((metric) => ({ ...metric, pass: passes(metric) })),
          notes: result.notes ?? [],
        },
        null,
        2,
      )}\n`,
    );
    console.log(`  wrote ${file}`);
  }
  if (missed > 0) console.log(`\n${missed} figure(s) missed their target.`);
  if (failed.length > 0) {
    console.log(`Section(s) that could not run: ${failed.join(', ')}.`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
