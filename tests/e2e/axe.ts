import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Runs axe-core on one part of the page and returns its violations (id and a few targets). */
export async function axeViolations(
  page: Page,
  selector: string,
): Promise<{ id: string; nodes: string[] }[]> {
  const require = createRequire(import.meta.url);
  await page.addScriptTag({
    content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'),
  });
  return page.evaluate(async (root) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document.querySelector(root), { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
    }));
  }, selector);
}
