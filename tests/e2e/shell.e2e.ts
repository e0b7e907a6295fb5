import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { areas } from '../../src/app/areas';
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

describe('app shell in Chromium', () => {
  it('renders the header and every navigation item, then saves a screenshot', async () => {
    await page.goto(inject('baseURL'));
    await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Workbench areas' });
    for (const area of areas) {
      await expect(
        nav.getByRole('link', { name: new RegExp(`^${area.label}`) }).isVisible(),
      ).resolves.toBe(true);
    }
    await expect(page.getByRole('heading', { name: 'Nothing run yet' }).isVisible()).resolves.toBe(
      true,
    );
    await page.screenshot({ path: 'test-results/shell.png', fullPage: true });
  });

  it('navigates to every area, and the Chain area reads the embedded chain', async () => {
    for (const area of areas) {
      await page.getByRole('link', { name: new RegExp(`^${area.label}`) }).click();
      await page.getByRole('heading', { level: 2, name: area.label }).waitFor();
      expect(page.url()).toMatch(new RegExp(`#/${area.id}$`));
    }
    await page.getByText('Chain 4', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Ledger' }).waitFor();
    await page.screenshot({ path: 'test-results/shell-chain.png', fullPage: true });
  });

  it('reached nothing outside this machine and logged no errors', () => {
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      externalRequests: [],
    });
  });
});
