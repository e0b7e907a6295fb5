/**
 * Export as test (issue 33) in Chromium: a transfer of more than the balance, signed anyway, fails
 * on chain with INSUFFICIENT_BALANCE, once from the sender alone and once sponsored by a fee payer
 * of the dev wallet; then the sender publishes a package of its own from Compose and calls its
 * function that aborts. Each run's History page exports it with the keyboard, and the downloaded
 * Vitest file asserts that failure, holds no private key, and passes against a fresh chain (run
 * here against the chain's sources), failing once its outcome is inverted.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { bytesToHex } from '../../localnet/move/binary/reader.ts';
import { abortingPackage } from '../cli/exportTestFixture';
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

/** Funds an address from the embedded chain's faucet (the test process, not the page). */
async function fund(address: string, amount: number): Promise<void> {
  const response = await fetch(`${inject('localnet').faucet}/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount }),
  });
  expect(response.status).toBe(200);
}

/** Builds, simulates (it fails), signs anyway (each signer approving) and submits: `failed`. */
async function runToFailure(signers: Array<'sender' | 'fee payer'>): Promise<void> {
  await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
  await step('Build').click();
  await expectState('built');
  await step('Simulate').click();
  await expectState('simulated.failure');
  await step('Sign anyway').click();
  // One prompt per signer with the same title: the sender's, then the fee payer's.
  const prompt = page.getByRole('dialog', { name: 'Sign this transaction?' });
  for (const role of signers) {
    await prompt.getByText(`as ${role}`).waitFor({ timeout: 15_000 });
    await prompt.getByRole('button', { name: 'Approve', exact: true }).click();
  }
  await prompt.waitFor({ state: 'hidden' });
  await step('Submit').click();
  await expectState('failed');
}

/** Ids of the runs exported so far, so that each journey exports its own run. */
const exportedRuns: string[] = [];

/**
 * Opens the failed run not exported yet in History, exports it with the keyboard, and returns
 * the file's text after checking the page (status, screenshot, axe-core).
 */
async function exportNewFailure(screenshot: string): Promise<string> {
  await page.goto(`${inject('baseURL')}#/history`);
  const table = page.getByRole('table', { name: 'Recorded runs' });
  await table.waitFor();
  const hrefs = await table
    .getByRole('row')
    .filter({ hasText: 'failed' })
    .locator('a[href^="#/history/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => !exportedRuns.some((id) => h.endsWith(encodeURIComponent(id))));
  expect(href, `a failed run not exported yet among ${hrefs.join(', ')}`).toBeDefined();
  await page.goto(`${inject('baseURL')}${href}`);
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
  await page.screenshot({ path: `test-results/${screenshot}.png`, fullPage: true });
  await expectAccessible(page, screenshot);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain("from '@tx-workbench/localnet'");
  expect(text).toContain('ended failed on local');
  expect(text).toContain('invert the expectation');
  expect(text).not.toMatch(/priv[^\n]{0,40}[0-9a-f]{64}/i);
  exportedRuns.push(/from run (\S+)/.exec(text)?.[1] ?? '');
  return text;
}

/** Runs an exported file here: it passes, and fails with its success flag inverted. */
async function expectPassesAndInvertedFails(name: string, text: string): Promise<void> {
  const pass = await runExportedHere(join(scratch, `${name}-pass`), { [name]: text });
  expect(pass.code, pass.stdout + pass.stderr).toBe(0);
  expect(pass.stdout).toMatch(/Tests\s+1 passed/);
  const fail = await runExportedHere(join(scratch, `${name}-fail`), {
    [name]: text.replace(/(const EXPECTED = \{\n\s+success: )false/, '$1true'),
  });
  expect(fail.code).not.toBe(0);
  expect(fail.stdout).toMatch(/Tests\s+1 failed/);
}

describe('Export as test in Chromium', () => {
  it('exports an INSUFFICIENT_BALANCE failure; the file asserts it and passes', async () => {
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
    await runToFailure(['sender']);

    const text = await exportNewFailure('export-test-1-downloaded');
    expect(text).toContain('EINSUFFICIENT_BALANCE');
    expect(text).toMatch(/success: false,\n\s+vmStatus: 'Move abort in 0x1::/);
    await expectPassesAndInvertedFails('insufficient', text);
  }, 180_000);

  it('exports a sponsored run that failed; the file signs with a fee payer and passes', async () => {
    await page.goto(`${inject('baseURL')}#/compose`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await panel.getByRole('button', { name: 'Open dev wallet' }).click();
    const drawer = page.getByRole('dialog', { name: 'Workbench Dev Wallet' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Generate key' }).click();
    const sponsor = (await drawer.getByLabel('Address of Account 2').getAttribute('title')) ?? '';
    expect(sponsor).toMatch(/^0x[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Close the dev wallet' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await fund(sponsor, 100_000_000);

    // The failed transfer is still in Compose: edit it into a sponsored one.
    await step('Edit').click();
    await expectState('editing');
    await expect(page.getByRole('combobox', { name: 'Template' }).inputValue()).resolves.toBe(
      'APT transfer: more than the balance',
    );
    await page.getByRole('combobox', { name: 'Transaction kind' }).click();
    await page.getByRole('option', { name: 'Sponsored: a fee payer pays the gas' }).click();
    await page.getByRole('textbox', { name: 'Fee payer address' }).fill(sponsor);
    await runToFailure(['sender', 'fee payer']);

    const text = await exportNewFailure('export-test-2-sponsored-downloaded');
    expect(text).toMatch(
      /build\.simple\(\{\n\s+sender: accounts\[0\]\.accountAddress,\n\s+withFeePayer: true,/,
    );
    const accounts = /const ACCOUNTS[^]*?\n\];/.exec(text)?.[0];
    expect(accounts).toContain(`role: 'fee payer', was: '${sponsor}'`);
    expect(text).toMatch(/const result = await submit\(transaction, \[0\], 1\);/);
    await expectPassesAndInvertedFails('sponsored', text);
  }, 180_000);

  it('exports a failed call of a package the sender published; the file publishes its bytecode again and passes', async () => {
    await page.goto(`${inject('baseURL')}#/compose`);
    const sender = (await page.getByLabel('Sender balance').getAttribute('title')) ?? '';
    expect(sender).toMatch(/^0x[0-9a-f]{64}$/);
    // The ts-sdk's transaction_test package for this sender, its transfer(&signer, amount, to)
    // made to `abort amount`, as a `build-publish-payload` file.
    const pkg = abortingPackage(sender);
    const payload = join(downloads, 'publish-abort.json');
    writeFileSync(
      payload,
      JSON.stringify({
        function_id: '0x1::code::publish_package_txn',
        type_args: [],
        args: [
          { type: 'hex', value: `0x${bytesToHex(pkg.metadata)}` },
          { type: 'hex', value: [`0x${bytesToHex(pkg.code)}`] },
        ],
      }),
    );

    // The sender publishes it, alone (the sponsored draft before it leaves no fee payer behind).
    await step('Edit').click();
    await expectState('editing');
    await page.getByText('Publish a package', { exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles(payload);
    await page
      .getByRole('table', { name: 'Modules' })
      .getByText(`, ${pkg.code.length.toLocaleString('en-US')} bytes`, { exact: false })
      .waitFor();
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await expectState('committed');

    // Call its transfer: the simulation aborts with the amount, and signed anyway so does the chain.
    await step('Edit').click();
    await expectState('editing');
    await page.getByText('Call a function', { exact: true }).click();
    // The call form comes back as the sponsored run left it: the sender signs alone again.
    const kind = page.getByRole('combobox', { name: 'Transaction kind' });
    await kind.click();
    await page.getByRole('option', { name: 'Simple: the sender signs alone' }).click();
    await expect(kind.inputValue()).resolves.toBe('Simple: the sender signs alone');
    await page.getByRole('combobox', { name: /^Module address/ }).fill(sender);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /^Module( \*)?$/ }).click();
    await page.getByRole('option', { name: pkg.module, exact: true }).click();
    await page.getByRole('combobox', { name: /^Entry function/ }).click();
    await page.getByRole('option', { name: 'transfer', exact: true }).click();
    await page.getByRole('textbox', { name: /^Argument 1/ }).fill('42');
    await page.getByRole('textbox', { name: /^Argument 2/ }).fill('0x1');
    await runToFailure(['sender']);

    const text = await exportNewFailure('export-test-3-package-downloaded');
    expect(text).toContain('publishes transaction_test again');
    // The bytecode the chain held, as published (the test re-addresses it when it publishes).
    expect(text).toContain(`bytecode: '0x${bytesToHex(pkg.code)}'`);
    expect(text).toContain(`function: \`\${address(0)}::${pkg.module}::transfer\``);
    expect(text).toContain(`vmStatus: \`Move abort in \${short(0)}::${pkg.module}: 0x2a\``);
    expect(text).toContain("abortCode: '0x2a'");
    // No key of the dev wallet's accounts: not their hex, so not their AIP-80 form either.
    const keys = await page.evaluate(() =>
      [
        ...(localStorage.getItem('transaction-workbench.dev-wallet.v1') ?? '').matchAll(
          /ed25519-priv-0x([0-9a-f]{64})/g,
        ),
      ].map((m) => m[1] ?? ''),
    );
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(text).not.toContain(key);
    await expectPassesAndInvertedFails('package', text);
  }, 240_000);
});
