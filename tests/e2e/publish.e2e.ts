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

/** The transfer package's payload file, its module compiled for `sender`. */
function payloadFor(sender: string): string {
  const hex = fx.binaries.find((b) => b.name === 'helper.ts#5')?.hex ?? '';
  const m = readModule(hex);
  const code = writeModule({
    ...m,
    addressIdentifiers: m.addressIdentifiers.map((a) => (a === fx.publisher ? sender : a)),
  });
  const metadata = fx.metadata.find((x) => x.name === 'transaction_test')?.hex ?? '';
  const path = 'test-results/publish.json';
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
  return path;
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
    await page.locator('input[type="file"]').setInputFiles(payloadFor(sender));
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
});
