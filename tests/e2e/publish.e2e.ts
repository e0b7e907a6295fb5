/**
 * Publishing a package from Compose, in Chromium, against the embedded local chain and the in-page
 * dev wallet: the ts-sdk's `transfer` test package, compiled for the connected sender (its address
 * rewritten with the binary writer), loaded as a `build-publish-payload` file, run step by step
 * through the transaction machine to `committed`, with the ABI the node derived on screen.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { bytesToHex, readModule } from '../../localnet/move/binary/reader.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import { expectAccessible } from './axe';
import { openBrowser, type BrowserSession } from './chromium';

interface Fixtures {
  publisher: string;
  binaries: Array<{ name: string; hex: string }>;
  metadata: Array<{ name: string; hex: string }>;
}
const fx = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as Fixtures;

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${inject('baseURL')}#/compose`);
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
});

afterAll(async () => {
  await session?.close();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await page.screenshot({ path: 'test-results/publish-failed.png', fullPage: true });
});

/**
 * The transfer package's payload file, its module compiled for `sender`. With `abort`, its
 * `transfer(&signer, amount, to)` is `abort amount` instead: a developer's own abort, from a
 * module the framework knows nothing about.
 */
function payloadFor(sender: string, { abort = false } = {}): { path: string; bytes: number } {
  const hex = fx.binaries.find((b) => b.name === 'helper.ts#5')?.hex ?? '';
  const m = readModule(hex);
  const code = writeModule({
    ...m,
    addressIdentifiers: m.addressIdentifiers.map((a) => (a === fx.publisher ? sender : a)),
    functionDefs: m.functionDefs.map((f) =>
      abort &&
      f.code !== null &&
      m.identifiers[m.functionHandles[f.function]?.name ?? -1] === 'transfer'
        ? { ...f, code: { ...f.code, code: [{ op: 'MoveLoc', local: 1 }, { op: 'Abort' }] } }
        : f,
    ),
  });
  const metadata = fx.metadata.find((x) => x.name === 'transaction_test')?.hex ?? '';
  const path = `test-results/publish${abort ? '-abort' : ''}.json`;
  writeFileSync(
    path,
    JSON.stringify({
      function_id: '0x1::code::publish_package_txn',
      type_args: [],
      args: [
        { type: 'hex', value: `0x${metadata}` },
        { type: 'hex', value: [`0x${bytesToHex(code)}`] },
      ],
    }),
  );
  return { path, bytes: code.length };
}

async function answerPrompt(title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    // What the page showed instead of the prompt, for the failure's reader.
    await page.screenshot({ path: 'test-results/publish-no-prompt.png', fullPage: true });
    throw error;
  });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('publishing a package from Compose', () => {
  it('loads a build-publish-payload file, publishes it step by step and lists its ABI', async () => {
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByRole('button', { name: 'Connect the dev wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?');
    const senderLine = await start.getByText(/^Sender 0x[0-9a-f]{64}$/).textContent();
    const sender = (senderLine ?? '').replace('Sender ', '');
    await start.getByRole('button', { name: 'Fund from the faucet' }).click();
    await start.getByText('Balance 1 APT (100,000,000 octas)').waitFor({ timeout: 20_000 });

    await page.getByText('Publish a package', { exact: true }).click();
    await page.locator('input[type="file"]').first().setInputFiles(payloadFor(sender).path);
    const modules = page.getByRole('table', { name: 'Modules' });
    await modules.getByText(/::transfer$/).waitFor();
    await page.getByText(/Package transaction_test: 1 module/).waitFor();

    const run = page.getByRole('region', { name: 'Run' });
    const step = (name: string) => run.getByRole('button', { name, exact: true });
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await page
      .getByRole('status', { name: 'Transaction machine state: committed', exact: true })
      .waitFor({ timeout: 30_000 });
    const abi = page.getByRole('group', { name: 'ABI of transfer' });
    await abi.getByText('transfer(&signer, u64, address)').waitFor();
    await abi
      .getByText(/^two_by_two\(&signer, &signer, u64, u64, address, address, u64\)$/)
      .waitFor();

    const served = await fetch(`${inject('localnet').rest}/accounts/${sender}/module/transfer`);
    expect(served.status).toBe(200);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: 'test-results/publish-committed.png', fullPage: true });
    await expectAccessible(page, 'publish-committed');
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      externalRequests: [],
    });
  });

  it('publishes a function that aborts, calls it, and explains the abort inside the panel at 1440×900', async () => {
    const sender = await page
      .getByLabel('Sender balance')
      .getAttribute('title')
      .then((title) => title ?? '');
    expect(sender).toMatch(/^0x[0-9a-f]{64}$/);
    const run = page.getByRole('region', { name: 'Run' });
    const step = (name: string) => run.getByRole('button', { name, exact: true });
    const state = (name: string) =>
      page
        .getByRole('status', { name: `Transaction machine state: ${name}`, exact: true })
        .waitFor({ timeout: 30_000 });

    // The package again, its transfer now `abort amount` (a compatible upgrade).
    await step('Edit').click();
    await state('editing');
    const upgrade = payloadFor(sender, { abort: true });
    await page.locator('input[type="file"]').first().setInputFiles(upgrade.path);
    // The new file's module is on screen (not the first one's): its size is its own.
    await page
      .getByRole('table', { name: 'Modules' })
      .getByText(`, ${upgrade.bytes.toLocaleString('en-US')} bytes`, { exact: false })
      .waitFor();
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await state('committed');

    // Call it: the simulation aborts, and signed anyway the chain commits the abort.
    await step('Edit').click();
    await state('editing');
    await page.getByText('Call a function', { exact: true }).click();
    await page.getByRole('combobox', { name: /^Module address/ }).fill(sender);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /^Module( \*)?$/ }).click();
    await page.getByRole('option', { name: 'transfer', exact: true }).click();
    await page.getByRole('combobox', { name: /^Entry function/ }).click();
    await page.getByRole('option', { name: 'transfer', exact: true }).click();
    await page.getByRole('textbox', { name: /^Argument 1/ }).fill('42');
    await page.getByRole('textbox', { name: /^Argument 2/ }).fill('0x1');
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    await state('simulated.failure');
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?');
    await step('Submit').click();
    await state('failed');

    const committed = page.getByRole('region', { name: 'Committed transaction' });
    const explained = committed.getByRole('group', { name: 'VM status explained' });
    await explained
      .locator('.mantine-Alert-title')
      .getByText(/^Move abort in .*::transfer$/)
      .waitFor();
    await explained.getByText(/^Fix:/).waitFor();
    await explained.scrollIntoViewIfNeeded();
    // The 64-digit module address wraps: the title, every line of the explanation and the Fix
    // lie inside the panel, and nothing in it scrolls sideways.
    const panel = await explained.boundingBox();
    if (panel === null) throw new Error('the panel is not rendered');
    const parts = explained.locator(
      '.mantine-Alert-title, .mantine-Alert-message p, .mantine-Alert-message li',
    );
    await expect(parts.count()).resolves.toBeGreaterThanOrEqual(5);
    const outside = await parts.evaluateAll(
      (elements, edge) =>
        elements
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return (
              box.left < edge.left - 0.5 ||
              box.right > edge.right + 0.5 ||
              element.scrollWidth > element.clientWidth
            );
          })
          .map((element) => element.textContent ?? ''),
      { left: panel.x, right: panel.x + panel.width },
    );
    expect(outside).toEqual([]);
    await expect(
      explained
        .locator('.mantine-Alert-root')
        .evaluate((alert) => alert.scrollWidth <= alert.clientWidth),
    ).resolves.toBe(true);

    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/publish-own-abort.png' });
    await expectAccessible(page, 'publish-own-abort');
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      externalRequests: [],
    });
  });
});
