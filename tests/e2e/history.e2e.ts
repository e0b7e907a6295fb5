/**
 * History and replay journeys in Chromium, against the embedded chain and the dev wallet in
 * `prompt` mode: a failed run survives a reload, replays identical, re-simulates with a diff (now,
 * and at its original version on the embedded chain), a SEQUENCE_NUMBER_TOO_OLD run is
 * resubmitted with the fix, and run files round-trip (a corrupted one is refused). A Move abort in
 * the playground is named short (`0xcafe::playground::abort_with`) and the list fits 1440×900 and
 * a phone without scrolling sideways. Each journey leaves a screenshot in test-results/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
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
const downloads = mkdtempSync(join(tmpdir(), 'workbench-history-'));

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  await page.goto(`${inject('baseURL')}#/compose`);
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
});

afterAll(async () => {
  await session?.close();
});

afterEach(async (context) => {
  await screenshotIfFailed(page, 'history', context.task);
  // The journeys rehearse node refusals: Chromium logs those 400 answers as console errors.
  const problems = takeProblems(session, {
    console: (text) =>
      /^Failed to load resource: the server responded with a status of 400/.test(text),
  });
  expect(problems).toEqual(NO_PROBLEMS);
});

const runSection = () => page.getByRole('region', { name: 'Run' });
const step = (name: string) => runSection().getByRole('button', { name, exact: true });
const runsTable = () => page.getByRole('table', { name: 'Recorded runs' });

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

async function expectState(path: string, timeout = 30_000): Promise<void> {
  await page
    .getByRole('status', { name: `Transaction machine state: ${path}`, exact: true })
    .waitFor({ timeout });
}

async function answerPrompt(title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function connectWallet(): Promise<void> {
  // After a reload the dev wallet reconnects by itself (remembered approval): nothing to do then.
  const banner = page.getByRole('banner');
  await banner
    .getByRole('button', { name: /connected$|^Connect wallet$/ })
    .first()
    .waitFor();
  if (await banner.getByRole('button', { name: /connected$/ }).isVisible()) return;
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
}

async function chooseTemplate(label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: label }).click();
}

async function draftReady(): Promise<void> {
  await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
}

async function openRun(state: string): Promise<void> {
  await page.goto(`${inject('baseURL')}#/history`);
  const row = runsTable().getByRole('row').filter({ hasText: state }).first();
  await row.getByRole('link').first().click();
  await page.getByRole('region', { name: 'Replay', exact: true }).waitFor();
}

async function storedRuns(): Promise<number> {
  return runsTable()
    .getByRole('row')
    .count()
    .then((rows) => rows - 1);
}

describe('history and replay journeys in Chromium', () => {
  it('records a run that failed with an abort, and it survives a reload', async () => {
    await connectWallet();
    await fundFromHeader(page);

    await chooseTemplate('APT transfer: more than the balance');
    await draftReady();
    await step('Build').click();
    await expectState('built');
    await step('Simulate').click();
    await expectState('simulated.failure');
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?');
    await step('Submit').click();
    await expectState('failed');

    // A stale sequence number, for the resubmit journey.
    await step('Edit').click();
    await expectState('editing');
    await chooseTemplate('APT transfer: 0.1 APT to the root account');
    await page.getByRole('textbox', { name: /^Argument 2/ }).fill('1000');
    await page.getByRole('textbox', { name: 'Sequence number override' }).fill('0');
    await draftReady();
    await step('Build').click();
    await expectState('built');
    await step('Sign').click();
    await answerPrompt('Sign this transaction?');
    await step('Submit').click();
    await expectState('submitRejected');

    await page.reload();
    await page.goto(`${inject('baseURL')}#/history`);
    await runsTable().waitFor();
    const failed = runsTable().getByRole('row').filter({ hasText: 'failed' });
    await expect(failed.count()).resolves.toBe(1);
    await expect(failed.first().textContent()).resolves.toContain('0x1::aptos_account::transfer');
    await expect(storedRuns()).resolves.toBe(2);
    await shot('history-1-after-reload');
  });

  it('opens the failed run; the deterministic re-run says identical', async () => {
    await openRun('failed');
    await page.getByRole('region', { name: 'Committed transaction' }).waitFor();
    await page.getByRole('button', { name: 'Deterministic re-run' }).click();
    await page
      .getByRole('alert', { name: 'Identical' })
      .getByText(/same \d+ transitions/)
      .waitFor();
    await shot('history-2-rerun-identical');
  });

  it('plays the failed run as a trace replay in the visualizer', async () => {
    const runUrl = page.url();
    await page.getByRole('link', { name: 'Trace replay in the visualizer' }).click();
    await page.getByRole('figure', { name: /statechart$/ }).waitFor({ timeout: 30_000 });
    const grid = page.getByRole('grid', { name: /^Transitions of the/ });
    await grid.focus();
    await page.keyboard.press('End');
    await page
      .getByRole('status', { name: 'Transaction machine shown in state failed', exact: true })
      .waitFor();
    await shot('history-2b-trace-replay-visualizer');
    await page.goto(runUrl);
    await page.getByRole('region', { name: 'Replay', exact: true }).waitFor();
  });

  it('re-simulates the failed run now and shows the diff', async () => {
    await page.getByRole('button', { name: /^Re-simulate now/ }).click();
    const diff = page.getByRole('region', { name: 'Re-simulation diff' });
    await diff.waitFor({ timeout: 20_000 });
    await diff.getByRole('rowheader', { name: /VM status/ }).waitFor();
    await expect(diff.getByText('balance changes').count()).resolves.toBe(1);
    await diff.scrollIntoViewIfNeeded();
    await shot('history-3-resimulate-diff');
  });

  it('re-executes the failed run at its original version: identical; a modified draft runs there too', async () => {
    await page.getByRole('button', { name: /^Re-execute at original version \d+$/ }).click();
    const atVersion = page.getByRole('region', { name: 'Re-execution at the original version' });
    await atVersion.waitFor({ timeout: 30_000 });
    await atVersion.getByText('identical to the original').waitFor();
    await expect(atVersion.getByText('differs', { exact: true }).count()).resolves.toBe(0);
    await expect(atVersion.getByText('same', { exact: true }).count()).resolves.toBe(5);
    await page.getByRole('textbox', { name: /^Max gas at that version/ }).fill('8000');
    await page.getByRole('button', { name: /^Try a modified draft at version \d+$/ }).click();
    const modified = page.getByRole('region', { name: 'Modified draft at the original version' });
    await modified.waitFor({ timeout: 30_000 });
    await modified.getByText(/with max gas 8000/).waitFor();
    await atVersion.scrollIntoViewIfNeeded();
    await shot('history-3b-reexecute-at-version');
  });

  it('resubmits with a fresh sequence number after SEQUENCE_NUMBER_TOO_OLD: committed, linked', async () => {
    await connectWallet();
    await openRun('Submit rejected');
    const rejectedUrl = page.url();
    await page.getByRole('button', { name: 'Resubmit with a fresh sequence number' }).click();
    await answerPrompt('Sign this transaction?');
    await expectState('committed');
    await page.goto(`${inject('baseURL')}#/history`);
    // The attempt chain is on the run page: the committed run links the run it retries.
    const committed = runsTable().getByRole('row').filter({ hasText: 'Committed' });
    await committed.getByRole('link').first().click();
    await page.getByRole('link', { name: /^Retries run/ }).click();
    await expect.poll(() => page.url()).toBe(rejectedUrl);
    await page.getByRole('link', { name: /^Retried by run/ }).waitFor();
    await shot('history-4-resubmitted-linked');
  });

  it('exports all runs, clears the history, and imports the file back', async () => {
    await page.goto(`${inject('baseURL')}#/history`);
    await runsTable().waitFor();
    const before = await storedRuns();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Export shown/ }).click();
    const file = join(downloads, 'runs.json');
    await (await download).saveAs(file);

    await page.getByRole('button', { name: 'Clear all…' }).click();
    await page.getByRole('button', { name: 'Delete all runs' }).click();
    await page.getByText('No runs recorded yet').waitFor();

    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText(`${before} runs from runs.json`).waitFor();
    await runsTable().waitFor();
    await expect(storedRuns()).resolves.toBe(before);
    await shot('history-5-export-import');
  });

  it('refuses a corrupted file with its message, and the history is unchanged', async () => {
    const before = await storedRuns();
    const bad = join(downloads, 'corrupted.json');
    writeFileSync(
      bad,
      JSON.stringify({
        format: 'transaction-workbench.runs',
        schemaVersion: 1,
        runs: [{ id: 'x', schemaVersion: 1 }],
      }),
    );
    await page.locator('input[type="file"]').setInputFiles(bad);
    const alert = page.getByRole('alert').filter({ hasText: 'corrupted.json was not imported' });
    await alert
      .getByText(/runs\[0\]: expected a field "retryOf"\. The history is unchanged\./)
      .waitFor();
    await expect(storedRuns()).resolves.toBe(before);
    await shot('history-6-corrupted-import');
  });

  it('names a Move abort in the playground short, in a list that fits the page', async () => {
    await page.goto(`${inject('baseURL')}#/compose`);
    await connectWallet();
    // The resubmitted run ended committed: a new attempt starts from Edit.
    await step('Edit').click();
    await expectState('editing');
    await chooseTemplate('Playground: abort with code 42');
    await draftReady();
    await step('Build').click();
    await expectState('built');
    await step('Simulate').click();
    await expectState('simulated.failure');
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?');
    await step('Submit').click();
    await expectState('failed');

    const full = `0x${'cafe'.padStart(64, '0')}::playground::abort_with`;
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${inject('baseURL')}#/history`);
      await runsTable().waitFor();
      // Crossing the shell's breakpoint slides the navbar out and the main area's padding over
      // 200 ms (Mantine's AppShell transitions): measure once nothing is moving.
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      const link = runsTable().getByRole('link', { name: '0xcafe::playground::abort_with' });
      await expect(link.getAttribute('title')).resolves.toBe(full);
      await expect(runsTable().textContent()).resolves.not.toContain(full);
      const row = runsTable()
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: '0xcafe::playground::abort_with' }) });
      await expect(row.getByText('Failed on chain', { exact: true }).count()).resolves.toBe(1);
      // Neither the page nor the table scrolls sideways; the table ends inside its page.
      const fit = await runsTable().evaluate((table) => {
        const page = document.scrollingElement ?? document.documentElement;
        const main = table.closest('main') ?? document.body;
        let scrolls = false;
        for (let node = table.parentElement; node && node !== main; node = node.parentElement)
          if (node.scrollWidth > node.clientWidth) scrolls = true;
        return {
          page: page.scrollWidth <= page.clientWidth,
          table: table.scrollWidth <= table.clientWidth,
          within: table.getBoundingClientRect().right <= main.getBoundingClientRect().right,
          wrappers: !scrolls,
        };
      });
      expect({ width, ...fit }).toEqual({
        width,
        page: true,
        table: true,
        within: true,
        wrappers: true,
      });
      await shot(`history-7-short-names-${width}`);
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await runsTable().getByRole('link', { name: '0xcafe::playground::abort_with' }).click();
    const title = page.getByRole('heading', { name: '0xcafe::playground::abort_with' });
    await title.waitFor();
    await expect(title.getAttribute('title')).resolves.toBe(full);
    await page
      .getByRole('group', { name: 'VM status explained' })
      .first()
      .getByText('Move abort in 0xcafe::playground', { exact: true })
      .waitFor();
    await shot('history-7-short-names-run-1440');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('checks the History page with axe-core: no violations', async () => {
    await page.goto(`${inject('baseURL')}#/history`);
    await runsTable().waitFor();
    await expectAccessible(page, 'the History page');
  });
});
