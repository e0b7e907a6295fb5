/**
 * The Trace tab in Chromium (issue 32), against the embedded chain and the in-page dev wallet: a
 * package whose entry `a` calls `b`, `b` calls `c` and `c` aborts (published from Node with the
 * project's bytecode writer), called from Compose. The simulation's Trace shows the three frames
 * with the failing path open and `c` selected, and the flamegraph selects a frame; once the
 * abort is committed, History's run shows the committed version's trace. Screenshots in
 * test-results/, axe-core on each.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { frameName } from '../../src/features/trace/traceModel';
import { expectAccessible } from './axe';
import { publishAbortingPackage } from './tracePackage';
import {
  openBrowser,
  NO_PROBLEMS,
  screenshotIfFailed,
  takeProblems,
  type BrowserSession,
} from './chromium';

let session: BrowserSession;
let page: Page;
/** The package's address (`0x…`, as the composer takes it). */
let owner: string;
/** The committed abort's version, read from History's Trace tab. */
let version = '';
/** `chain::<name>` as the tab shows it: the address shortened (`0x55cb…beec::chain::a`). */
const fn = (name: string) => frameName(`${owner}::chain::${name}`);
/** A pattern for text that starts with the frame's shown name (`…` and `.` are literal). */
const starts = (name: string, rest = '') =>
  new RegExp(`^${fn(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${rest}`);

/** Publishes the trace tests' package `chain` from a fresh funded account. */
beforeAll(async () => {
  owner = await publishAbortingPackage(inject('localnet'));
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
  await screenshotIfFailed(page, 'move-trace', context.task);
  expect(takeProblems(session)).toEqual(NO_PROBLEMS);
});

async function answerPrompt(title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const run = () => page.getByRole('region', { name: 'Run' });
const step = (name: string) => run().getByRole('button', { name, exact: true });
const state = (name: string) =>
  page
    .getByRole('status', { name: `Transaction machine state: ${name}`, exact: true })
    .waitFor({ timeout: 30_000 });

async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** The trace's tree, once the tab has it. */
async function openTrace(results: ReturnType<Page['getByRole']>) {
  await results.getByRole('tab', { name: 'Trace', exact: true }).click();
  const tree = results.getByRole('tree', { name: 'Call tree, 4 frames' });
  await tree.waitFor({ timeout: 20_000 });
  return tree;
}

describe('the Trace tab', () => {
  it('traces a simulated abort: three frames, the failing path open, c selected', async () => {
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByRole('button', { name: 'Connect the dev wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?');
    await start.getByRole('button', { name: 'Fund from the faucet' }).click();
    await start.getByText('Balance 1 APT (100,000,000 octas)').waitFor({ timeout: 20_000 });

    await page.getByText('Call a function', { exact: true }).click();
    await page.getByRole('combobox', { name: /^Module address/ }).fill(owner);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /^Module( \*)?$/ }).click();
    await page.getByRole('option', { name: 'chain', exact: true }).click();
    await page.getByRole('combobox', { name: /^Entry function/ }).click();
    await page.getByRole('option', { name: 'a', exact: true }).click();
    await page.getByRole('textbox', { name: /^Argument 1/ }).fill('5');
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Build').click();
    await state('built');
    await step('Simulate').click();
    await state('simulated.failure');

    const results = page.getByRole('region', { name: 'Simulation' });
    const tree = await openTrace(results);
    const items = tree.getByRole('treeitem');
    await expect(items.count()).resolves.toBe(4);
    const c = tree.getByRole('treeitem', { name: starts('c', '\\s*, aborted here') });
    await expect(c.getAttribute('aria-selected')).resolves.toBe('true');
    const path = results.getByRole('navigation', { name: 'Failing path' });
    await expect(path.getByRole('button').allTextContents()).resolves.toEqual([
      'transaction',
      fn('a'),
      fn('b'),
      fn('c'),
    ]);
    const detail = results.getByRole('region', { name: 'Frame detail' });
    await detail.getByText(/^Abort code 65539 \(0x10003\), at code offset 9\.$/).waitFor();
    await shot('move-trace-1-simulated');

    // The flamegraph opens zoomed to the entry function (the transaction's own gas would leave it
    // a sliver); b's bar selects b, and the detail follows.
    const flame = results.getByRole('group', {
      name: `Gas flamegraph of ${fn('a')}: 4 of 4 frames drawn`,
    });
    await flame.getByRole('button', { name: starts('b', ':') }).click();
    await expect(
      tree.getByRole('treeitem', { name: starts('b') }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await detail.getByText(fn('b'), { exact: true }).waitFor();
  });

  it('commits the abort and shows the committed version’s trace in History', async () => {
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?');
    await step('Submit').click();
    await state('failed');

    await page.goto(`${inject('baseURL')}#/history`);
    const runs = page.getByRole('table', { name: 'Recorded runs' });
    await runs
      .getByRole('row')
      .filter({ hasText: 'chain::a' })
      .first()
      .getByRole('link')
      .first()
      .click();
    const results = page.getByRole('region', { name: 'Committed transaction' });
    const tree = await openTrace(results);
    const badge = results.getByText(/^Committed, re-executed at version \d+$/);
    await badge.waitFor();
    version = ((await badge.textContent()) ?? '').replace(/\D+/g, '');
    const c = tree.getByRole('treeitem', { name: starts('c', '\\s*, aborted here') });
    await expect(c.getAttribute('aria-selected')).resolves.toBe('true');
    // The tree from the keyboard: Left goes to the caller, Left again closes it.
    await tree.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(
      tree.getByRole('treeitem', { name: starts('b') }).getAttribute('aria-expanded'),
    ).resolves.toBe('false');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(c.getAttribute('aria-selected')).resolves.toBe('true');
    await shot('move-trace-2-history');

    // The same in the dark scheme: the marks and badges keep their contrast.
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    const dark = page.getByRole('region', { name: 'Committed transaction' });
    await openTrace(dark);
    await expect(
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).resolves.toBe('dark');
    await shot('move-trace-3-history-dark');
  });

  it('traces the same version looked up on the Chain page', async () => {
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await page.goto(`${inject('baseURL')}#/chain`);
    await page.reload();
    const lookup = page.getByRole('region', { name: 'Transaction lookup' });
    await lookup.getByRole('textbox', { name: 'Hash or version' }).fill(version);
    await lookup.getByRole('button', { name: 'Look up' }).click();
    await lookup.getByRole('tablist', { name: 'Looked-up transaction' }).waitFor();
    const tree = await openTrace(lookup);
    await lookup.getByText(`Committed, re-executed at version ${version}`).waitFor();
    await expect(
      tree
        .getByRole('treeitem', { name: starts('c', '\\s*, aborted here') })
        .getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await shot('move-trace-4-chain-lookup');
  });
});
