/**
 * Export as test (issue 33) in Chromium: a transfer of more than the balance, signed anyway, fails
 * on chain with INSUFFICIENT_BALANCE; its History page exports it with the keyboard, and the
 * downloaded Vitest file asserts that failure, holds no private key, and passes against a fresh
 * chain (run here against the chain's sources), failing once its outcome is inverted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runExportedHere } from '../test-utils/exportedTests';
import { expectAccessible } from './axe';
import {
  openBrowser,
  type BrowserSession,
  fundFromHeader,
  NO_PROBLEMS,
  screenshotIfFailed,
  takeProblems,
} from './chromium';

let session: BrowserSession;
let page: Page;
const downloads = mkdtempSync(join(tmpdir(), 'workbench-export-test-'));
const scratch = resolve(import.meta.dirname, '../../.scratch', `export-e2e-${process.pid}`);

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${inject('baseURL')}#/compose`);
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
});

afterAll(async () => {
  await session?.close();
  rmSync(downloads, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

afterEach(async (context) => {
  await screenshotIfFailed(page, 'export-test', context.task);
  expect(takeProblems(session)).toEqual(NO_PROBLEMS);
});

const step = (name: string) =>
  page.getByRole('region', { name: 'Run' }).getByRole('button', { name, exact: true });

async function expectState(path: string): Promise<void> {
  await page
    .getByRole('status', { name: `Transaction machine state: ${path}`, exact: true })
    .waitFor({ timeout: 30_000 });
}

async function answerPrompt(title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('Export as test in Chromium', () => {
  it('exports a failed run from History; the file asserts the failure and passes', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const panel = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await panel.getByRole('button', { name: 'Connect Workbench Dev Wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?');
    await panel.getByLabel('Connected account address').waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    await panel.waitFor({ state: 'hidden' });
    await fundFromHeader(page);

    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'APT transfer: more than the balance' }).click();
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Build').click();
    await expectState('built');
    await step('Simulate').click();
    await expectState('simulated.failure');
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?');
    await step('Submit').click();
    await expectState('failed');

    await page.goto(`${inject('baseURL')}#/history`);
    const table = page.getByRole('table', { name: 'Recorded runs' });
    await table
      .getByRole('row')
      .filter({ hasText: 'failed' })
      .first()
      .getByRole('link')
      .first()
      .click();
    const exportButton = page.getByRole('button', { name: 'Export as test' });
    await exportButton.waitFor();
    const download = page.waitForEvent('download');
    await exportButton.focus();
    await page.keyboard.press('Enter');
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^run-[0-9a-f]{8}\.test\.ts$/);
    const file = join(downloads, saved.suggestedFilename());
    await saved.saveAs(file);
    await page
      .getByRole('status')
      .filter({ hasText: `Downloaded ${saved.suggestedFilename()}` })
      .waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/export-test-1-downloaded.png', fullPage: true });
    await expectAccessible(page, 'the run page after Export as test');

    const text = readFileSync(file, 'utf8');
    expect(text).toContain("from '@tx-workbench/localnet'");
    expect(text).toContain('ended failed on local');
    expect(text).toContain('EINSUFFICIENT_BALANCE');
    expect(text).toMatch(/success: false,\n\s+vmStatus: 'Move abort in 0x1::/);
    expect(text).toContain('invert the expectation');
    expect(text).not.toMatch(/priv[^\n]{0,40}[0-9a-f]{64}/i);

    const pass = await runExportedHere(join(scratch, 'pass'), { exported: text });
    expect(pass.code, pass.stdout + pass.stderr).toBe(0);
    expect(pass.stdout).toMatch(/Tests\s+1 passed/);
    const fail = await runExportedHere(join(scratch, 'fail'), {
      inverted: text.replace('success: false,', 'success: true,'),
    });
    expect(fail.code).not.toBe(0);
    expect(fail.stdout).toMatch(/Tests\s+1 failed/);
  }, 180_000);
});
