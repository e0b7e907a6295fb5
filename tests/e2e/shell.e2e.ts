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
      await expect(page.title()).resolves.toBe(`${area.label} · Transaction Workbench`);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(area.label);
    }
    // The first Tab stop skips the header and the navigation.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Chain' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' }).isVisible()).resolves.toBe(
      true,
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    expect(page.url()).toMatch(/#\/chain$/);
    await page.getByText('Chain 4', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Ledger' }).waitFor();
    await page.screenshot({ path: 'test-results/shell-chain.png', fullPage: true });
  });

  it('fits a phone: every area at 390 px, no sideways scroll, the header’s controls on screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const area of areas) {
        await page.goto(`${inject('baseURL')}#/${area.id}`);
        await page.getByRole('heading', { level: 2, name: area.label }).waitFor();
        await page.waitForTimeout(500);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(widths, area.id).toEqual({ scroll: 390, client: 390 });
        for (const control of [
          page.getByRole('button', { name: 'Open navigation' }),
          page.getByRole('combobox', { name: 'Network' }),
          page.getByRole('button', { name: 'Connect wallet' }),
          page.getByRole('button', { name: /^Switch to (dark|light) color scheme$/ }),
        ]) {
          const box = await control.first().boundingBox();
          expect(box, `${area.id}: ${String(control)}`).not.toBeNull();
          if (!box) continue;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${area.id}: ${String(control)}`).toBeLessThanOrEqual(390);
        }
        await page.screenshot({ path: `test-results/shell-phone-${area.id}.png` });
      }
      // The wallet panel fits the screen, and Escape from its button closes it.
      await page.getByRole('button', { name: 'Connect wallet' }).click();
      const panel = page.getByRole('dialog', { name: 'Wallet' });
      await panel.waitFor();
      const box = await panel.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      // The navigation opens from the burger, over the page.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Workbench areas' });
      await nav.getByRole('link', { name: /^Compose/ }).click();
      await page.getByRole('heading', { level: 2, name: 'Compose' }).waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
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
