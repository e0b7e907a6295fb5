import type { Reporter, TestModule } from 'vitest/node';

/**
 * Fails the run when any Vitest project executed no test: a suite that silently runs nothing must
 * not pass. Vitest alone only fails when no test file is found at all.
 */
export class RequireTestsReporter implements Reporter {
  constructor(private readonly projects: readonly string[]) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const executed = new Map<string, number>(this.projects.map((name) => [name, 0]));
    for (const module of testModules) {
      const name = module.project.name;
      let count = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') count += 1;
      }
      executed.set(name, (executed.get(name) ?? 0) + count);
    }
    const empty = [...executed].filter(([, count]) => count === 0).map(([name]) => name);
    // A filtered run (`vitest run some-file`) may leave a project out on purpose.
    const filtered = process.argv.slice(2).some((arg) => !arg.startsWith('-') && arg !== 'run');
    if (empty.length > 0 && !filtered) {
      console.error(
        `\nNo test ran in the Vitest project(s): ${empty.join(', ')}. ` +
          'A suite that runs zero tests fails; check the include globs in vite.config.ts.',
      );
      process.exitCode = 1;
    }
  }
}
