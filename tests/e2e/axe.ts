import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected as a script: nothing is fetched. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One violated rule, with the nodes that broke it, short enough to read in a failed assertion. */
export interface AxeFinding {
  rule: string;
  impact: string | null;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2 A/AA and best practices) on the page as it is now and returns every
 * violation. An empty array is a pass.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    interface AxeResult {
      violations: {
        id: string;
        impact: string | null;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    }
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<AxeResult> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map(
        (node) =>
          `${node.html.slice(0, 160)} at ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    }));
  });
}

/** Fails with every finding when the page as it is now has any axe-core violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await axeViolations(page);
  if (findings.length > 0) {
    throw new Error(`axe-core found violations on ${where}:\n${JSON.stringify(findings, null, 2)}`);
  }
}
