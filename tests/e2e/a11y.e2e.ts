import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { areas } from '../../src/app/areas';
import { axeViolations } from './axe';
import { openBrowser, type BrowserSession } from './chromium';

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

describe.each(['light', 'dark'] as const)('axe-core on every page, %s scheme', (scheme) => {
  beforeAll(async () => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(inject('baseURL'));
    // Let the first load finish (favicon included) so the reload aborts nothing.
    await page.waitForLoadState('networkidle');
    await page.evaluate((value) => {
      localStorage.setItem('mantine-color-scheme-value', value);
    }, scheme);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
  });

  it.each(areas.map((area) => [area.label, area.id] as const))(
    '%s has no violations',
    async (label, id) => {
      await page.goto(`${inject('baseURL')}#/${id}`);
      await page.getByRole('heading', { level: 2, name: label }).waitFor();
      // Visualizer, History and Chain are lazy chunks: check the page, not its loader.
      await page.getByRole('status', { name: `Loading ${label}` }).waitFor({ state: 'detached' });
      // Let queries settle so the page is checked as a user sees it, not mid-load.
      await page.waitForLoadState('networkidle');
      const shown = await page.evaluate(() =>
        document.documentElement.getAttribute('data-mantine-color-scheme'),
      );
      expect(shown).toBe(scheme);
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});

describe('accessibility journey', () => {
  it('reached nothing outside this machine and logged no errors', () => {
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      externalRequests: [],
    });
  });
});
