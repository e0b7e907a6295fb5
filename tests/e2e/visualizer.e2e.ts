/**
 * Visualizer journeys in Chromium, against the embedded local chain and the in-page dev wallet
 * in `prompt` mode: a wallet connect on the wallet chart and in the sequence view, a transition
 * sent from the diagram to the live Compose run, a failed run's timeline driving the diagram,
 * stepping through a run with the keyboard, the same run from the store with its contexts rebuilt,
 * a 10,000-transition file, and axe-core on the page.
 * Each saves a screenshot in test-results/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
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
/** The failed run of the journeys, once it is a stored run. */
let failedRunId = '';

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  await page.goto(`${inject('baseURL')}#/visualizer`);
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
});

afterAll(async () => {
  await session?.close();
});

afterEach(async (context) => {
  await screenshotIfFailed(page, 'visualizer', context.task);
  expect(takeProblems(session)).toEqual(NO_PROBLEMS);
});

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

const diagram = () => page.getByRole('figure', { name: /statechart$/ });
const grid = () => page.getByRole('grid', { name: /^Transitions of the/ });
const sequence = () => page.getByRole('list', { name: /^Sequence of messages/ });

async function openVisualizer(): Promise<void> {
  await page.getByRole('link', { name: /^Visualizer/ }).click();
  await diagram().waitFor({ timeout: 30_000 });
}

async function chooseMachine(name: 'Transaction machine' | 'Wallet machine'): Promise<void> {
  await page.locator('label', { hasText: new RegExp(`^${name}$`) }).click();
  await diagram()
    .and(page.getByLabel(`${name} statechart`))
    .waitFor({ timeout: 30_000 });
}

async function expectShown(machine: string, state: string, timeout = 30_000): Promise<void> {
  await page
    .getByRole('status', { name: `${machine} shown in state ${state}`, exact: true })
    .waitFor({ timeout });
  await diagram().locator(`[data-state-path="${state}"][data-active]`).waitFor({ timeout });
}

async function answerPrompt(title: string, decision: 'Approve' | 'Reject'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const runSection = () => page.getByRole('region', { name: 'Run' });
const step = (name: string) => runSection().getByRole('button', { name, exact: true });

async function composeState(path: string): Promise<void> {
  await page
    .getByRole('status', { name: `Transaction machine state: ${path}`, exact: true })
    .waitFor({ timeout: 30_000 });
}

async function rowSeqs(): Promise<number[]> {
  return grid()
    .locator('[role="row"][data-seq]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-seq'))));
}

async function selectRowEntering(target: string): Promise<Locator> {
  const row = grid()
    .locator('[role="row"][data-seq]')
    .filter({ hasText: new RegExp(`→ ${target.replace('.', '\\.')}$`) })
    .first();
  await row.click();
  return row;
}

describe('visualizer journeys in Chromium', () => {
  it('draws the transaction machine from its definition, live in editing', async () => {
    await diagram().waitFor({ timeout: 30_000 });
    await expectShown('Transaction machine', 'editing');
    // Follow the active state: the chart opens on `editing`, inside the panel at a readable
    // zoom, not fitted whole (where a state is a few pixels wide).
    await expect
      .poll(
        async () => {
          const [state, panel] = await Promise.all([
            diagram().locator('[data-state-path="editing"]').boundingBox(),
            diagram().boundingBox(),
          ]);
          if (state === null || panel === null) return false;
          const inside =
            state.x >= panel.x &&
            state.y >= panel.y &&
            state.x + state.width <= panel.x + panel.width &&
            state.y + state.height <= panel.y + panel.height;
          return inside && state.width > 120;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    // Compound states contain their children; guards label their transitions.
    await diagram().locator('[data-state-path="simulated"]').waitFor();
    await diagram()
      .getByRole('button', { name: /^Transition always \[isRunning\]: built → simulating$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Zoom In' }).waitFor();
    await page.getByRole('img', { name: /^Minimap of the transaction machine$/ }).waitFor();
    await shot('visualizer-0-transaction-chart');
  });

  it('shows a wallet connect on the wallet chart and in the sequence view', async () => {
    await chooseMachine('Wallet machine');
    await expectShown('Wallet machine', 'disconnected');
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const panel = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await panel.getByRole('button', { name: 'Connect Workbench Dev Wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?', 'Approve');
    await panel.getByLabel('Connected account address').waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    await panel.waitFor({ state: 'hidden' });
    await expectShown('Wallet machine', 'connected.ready');
    await sequence()
      .getByRole('button', { name: /App → Wallet: event connect$/ })
      .waitFor();
    await sequence()
      .getByRole('button', { name: /Wallet: invoke connect · [\d.]+ (ms|s)$/ })
      .waitFor();
    await sequence()
      .getByRole('button', { name: /Wallet: done connect done/ })
      .first()
      .waitFor();
    // Selecting the message selects its row, whose transition enters `connected`.
    await sequence()
      .getByRole('button', { name: /Wallet: done connect done/ })
      .first()
      .click();
    await expect
      .poll(() => grid().locator('[aria-selected="true"]').textContent())
      .toMatch(/connecting → connected\.ready$/);
    await shot('visualizer-1-wallet-connect');
  });

  it('sends build from the diagram to the live Compose run, which goes to built', async () => {
    await fundFromHeader(page);

    await page.getByRole('link', { name: /^Compose/ }).click();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'APT transfer: more than the balance' }).click();
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);

    await openVisualizer();
    await chooseMachine('Transaction machine');
    await expectShown('Transaction machine', 'editing');
    const build = diagram().getByRole('button', { name: /^Send build: editing → building$/ });
    await build.waitFor();
    await shot('visualizer-2-build-enabled');
    await build.click();
    await expectShown('Transaction machine', 'built');
    await diagram()
      .getByRole('button', { name: /^Send simulate: built → simulating$/ })
      .waitFor();
    await page.getByRole('link', { name: /^Compose/ }).click();
    await composeState('built');
    await shot('visualizer-2-compose-built');
  });

  it('shows a failed run’s timeline in order, and rows move the diagram’s highlight', async () => {
    await step('Simulate').click();
    await composeState('simulated.failure');
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?', 'Approve');
    await composeState('signed');
    await step('Submit').click();
    await composeState('failed');

    await openVisualizer();
    await expectShown('Transaction machine', 'failed');
    const seqs = await rowSeqs();
    expect(seqs.length).toBeGreaterThan(8);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const targets = await grid()
      .locator('[role="row"][data-seq] [role="gridcell"]:last-child')
      .allTextContents();
    const order = [
      'building',
      'built',
      'simulating',
      'simulated.failure',
      'signing.signOnly',
      'signed',
      'submitting',
      'pending',
      'failed',
    ];
    const positions = order.map((state) =>
      targets.findIndex((text) => text.endsWith(`→ ${state}`)),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    await selectRowEntering('simulated.failure');
    await expectShown('Transaction machine', 'simulated.failure');
    await diagram().locator('[data-state-path="simulated"][data-active]').waitFor();
    await page
      .getByRole('list', { name: /^Context changes at seq/ })
      .getByText('simulation', { exact: false })
      .first()
      .waitFor();
    await shot('visualizer-3-failed-row-simulated-failure');
    await selectRowEntering('signing.signOnly');
    await expectShown('Transaction machine', 'signing.signOnly');
    // The sequence view highlights the row's messages: the sign request to the wallet.
    await sequence().locator('[data-linked]').first().waitFor();
    await shot('visualizer-3-failed-row-signing');
  });

  it('steps through the run with the keyboard and ends at its outcome', async () => {
    await grid().focus();
    await page.keyboard.press('Home');
    await expectShown('Transaction machine', 'editing');
    const count = (await rowSeqs()).length;
    for (let index = 1; index < count + 2; index += 1) await page.keyboard.press('ArrowRight');
    await expectShown('Transaction machine', 'failed');
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() =>
        page
          .getByRole('status', { name: /^Transaction machine shown in state/ })
          .getAttribute('aria-label'),
      )
      .not.toMatch(/failed$/);
    await page.keyboard.press('End');
    await expectShown('Transaction machine', 'failed');
    await shot('visualizer-4-keyboard-outcome');
  });

  it('shows the whole transaction machine at 1440×900 with the run’s path marked', async () => {
    // The failed run at its end (the last test's End): editing … signed → submitting → failed.
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      await diagram().evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const states = diagram().locator('[data-state-path]');
      // Every state's box is inside the panel, and the panel inside the screen, at a zoom that
      // reads (the layout's unit tests hold ELK to the same 0.6).
      await expect
        .poll(
          async () => {
            const panel = await diagram().boundingBox();
            const boxes = await states.evaluateAll((elements) =>
              elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
            );
            const zoom = await diagram()
              .locator('.react-flow__viewport')
              .evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).a);
            if (panel === null || boxes.length < 23) return `only ${boxes.length} states`;
            const outside = boxes.filter(
              (box) =>
                box.x < panel.x ||
                box.y < panel.y ||
                box.x + box.width > panel.x + panel.width + 0.5 ||
                box.y + box.height > panel.y + panel.height + 0.5,
            ).length;
            const onScreen = panel.y >= 0 && panel.y + panel.height <= 900;
            return { outside, onScreen, readable: zoom >= 0.6 };
          },
          { timeout: 10_000 },
        )
        .toEqual({ outside: 0, onScreen: true, readable: true });
      // The run's path: the states it entered are marked, those it never entered are not.
      for (const state of ['building', 'built', 'simulating', 'simulated.failure', 'signed']) {
        await diagram().locator(`[data-state-path="${state}"][data-visited]`).waitFor();
      }
      await diagram().locator('[data-state-path="failed"][data-active][data-visited]').waitFor();
      expect(await diagram().locator('[data-state-path="committed"][data-visited]').count()).toBe(
        0,
      );
      await diagram()
        .getByRole('group', { name: 'State simulated.failure (visited)', exact: true })
        .waitFor();
      // Its transitions: labelled for screen readers, and their lines drawn thick.
      await diagram()
        .getByRole('button', {
          name: /^Transition build: editing → building \(taken in this run\)$/,
        })
        .waitFor();
      await diagram()
        .getByRole('button', {
          name: /^Transition submit: signed → submitting \(taken in this run\)$/,
        })
        .waitFor();
      expect(
        await diagram().locator('path.react-flow__edge-path[data-path]').count(),
      ).toBeGreaterThan(6);
      await page.getByRole('list', { name: 'Legend' }).getByText('Visited in this run').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: 'test-results/visualizer-8-whole-chart-1440.png' });
      await expectAccessible(page, 'the whole chart at 1440×900');
      // The path's marks and the legend in the dark scheme: readable, and axe-core clean.
      await page.getByRole('button', { name: 'Switch to dark color scheme' }).click();
      await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
      await page.mouse.move(0, 450);
      await page.waitForTimeout(400);
      await page.screenshot({ path: 'test-results/visualizer-8-whole-chart-1440-dark.png' });
      await expectAccessible(page, 'the whole chart at 1440×900, dark');
    } finally {
      const light = page.getByRole('button', { name: 'Switch to light color scheme' });
      if (await light.isVisible()) await light.click();
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('shows the failed run from the store, with contexts rebuilt: a non-empty diff', async () => {
    const title = (await page.getByText(/^Live run \S+ \(attempt \d+\)$/).textContent()) ?? '';
    const [, runId = '', attempt = ''] = /^Live run (\S+) \(attempt (\d+)\)$/.exec(title) ?? [];
    expect(runId).not.toBe('');
    failedRunId = runId;
    // A new attempt: the failed run is now a stored one, not the live run.
    await page.getByRole('link', { name: /^Compose/ }).click();
    await step('Edit').click();
    await composeState('editing');
    await page.evaluate((id) => {
      window.location.hash = `#/visualizer/${encodeURIComponent(id)}`;
    }, runId);
    await page.getByText(`Run ${runId} (attempt ${attempt}, failed)`).waitFor({ timeout: 30_000 });
    await selectRowEntering('simulated.failure');
    await expectShown('Transaction machine', 'simulated.failure');
    await page
      .getByText(/^Contexts rebuilt by re-running this record/)
      .waitFor({ timeout: 30_000 });
    const changes = page.getByRole('list', { name: /^Context changes at seq \d+$/ });
    await changes.locator('li[data-kind]').first().waitFor();
    const paths = await changes.locator('li[data-kind] code').allTextContents();
    // The simulation's result and the outcome arrive in the context (null before).
    expect(paths).toEqual(expect.arrayContaining(['simulation', 'outcome', 'lastStable']));
    await shot('visualizer-6-stored-run-diff');
    // The row entering `failed`: the committed transaction arrives in the context.
    await selectRowEntering('failed');
    await expectShown('Transaction machine', 'failed');
    await expect
      .poll(() => changes.locator('li[data-kind] code').allTextContents())
      .toContain('committed');
    await shot('visualizer-6-stored-run-failed-diff');
  });

  it('checks the page with axe-core: no violations', async () => {
    await expectAccessible(page, 'the Visualizer page');
  });

  it('shows a 10,000-transition file with fewer than 100 rows in the DOM at any scroll position', async () => {
    const states = ['editing', 'building', 'built', 'simulating', 'simulated.success'];
    const transitions = Array.from({ length: 10_000 }, (_, index) => ({
      seq: index + 1,
      atMs: index * 3,
      event: { type: index % 2 === 0 ? 'build' : 'xstate.done.actor.buildTransaction' },
      source: index === 0 ? null : (states[(index - 1) % states.length] as string),
      target: states[index % states.length] as string,
      eventless: false,
      context: { attempt: 1, step: index },
    }));
    const file = {
      format: 'workbench-visualizer',
      version: 1,
      title: 'Ten thousand transitions',
      runId: 'bench-10k',
      transitions: { transaction: transitions, wallet: [] },
      dropped: { transaction: 2_500, wallet: 0 },
      messages: [],
      droppedMessages: 0,
    };
    const path = 'test-results/visualizer-10k.json';
    writeFileSync(path, JSON.stringify(file));
    await page.locator('input[type="file"]').setInputFiles(path);
    await page.getByText('Ten thousand transitions').waitFor();
    expect(page.url()).toMatch(/#\/visualizer\/file$/);
    await page.getByText(/2,500 older ones dropped/).waitFor();
    const counts: { scrollTop: number; rows: number; nodes: number }[] = [];
    for (const fraction of [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]) {
      counts.push(
        await grid().evaluate(async (element, at) => {
          element.scrollTop = (element.scrollHeight - element.clientHeight) * at;
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
          return {
            scrollTop: Math.round(element.scrollTop),
            rows: element.querySelectorAll('[role="row"][data-seq]').length,
            nodes: element.querySelectorAll('[role="row"][data-seq], [role="row"][data-seq] *')
              .length,
          };
        }, fraction),
      );
    }
    for (const count of counts) {
      expect(count.rows).toBeGreaterThan(5);
      expect(count.rows).toBeLessThan(100);
    }
    writeFileSync('test-results/visualizer-dom.json', `${JSON.stringify(counts, null, 2)}\n`);
    await grid().focus();
    await page.keyboard.press('End');
    await expectShown('Transaction machine', 'simulated.success');
    await page.getByText('seq 10000 at', { exact: false }).waitFor();
    await shot('visualizer-5-ten-thousand');
    // The file survives a reload: the URL names it.
    await page.reload();
    await page.getByText('Ten thousand transitions').waitFor();
  });

  it('loads History’s export of several runs, picks one, and refuses a draft without losing it', async () => {
    expect(failedRunId).not.toBe('');
    // A second run beside the failed one: the attempt in editing, built.
    await page.getByRole('link', { name: /^Compose/ }).click();
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Build').click();
    await composeState('built');
    await page.getByRole('link', { name: /^History/ }).click();
    await page.getByRole('button', { name: 'Export shown (2)' }).waitFor({ timeout: 15_000 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Export shown/ }).click();
    const exported = 'test-results/visualizer-history-export.json';
    await (await download).saveAs(exported);
    const runCount = (JSON.parse(readFileSync(exported, 'utf8')) as { runs: unknown[] }).runs
      .length;
    expect(runCount).toBeGreaterThan(1);

    await openVisualizer();
    await page.locator('input[type="file"]').setInputFiles(exported);
    const picker = page.getByRole('combobox', { name: `Run in this file (${runCount} runs)` });
    await picker.waitFor({ timeout: 30_000 });
    await picker.click();
    await page
      .getByRole('option', { name: new RegExp(`→ failed \\(${failedRunId.slice(0, 8)}\\)$`) })
      .click();
    await page.getByText(new RegExp(`^Run ${failedRunId} \\(attempt \\d+, failed\\)$`)).waitFor();
    expect(page.url()).toMatch(/#\/visualizer\/file(\?run=\d+)?$/);
    await grid().focus();
    await page.keyboard.press('End');
    await expectShown('Transaction machine', 'failed');
    const shownUrl = page.url();

    // A draft is a transaction not yet run: refused, and the run stays on the page.
    const draft = 'test-results/visualizer-draft.json';
    writeFileSync(
      draft,
      JSON.stringify({
        payload: { function: '0x1::aptos_account::transfer', functionArguments: ['0x1', '1'] },
        options: {},
      }),
    );
    await page.locator('input[type="file"]').setInputFiles(draft);
    const refused = page
      .getByRole('alert')
      .filter({ hasText: 'visualizer-draft.json was not loaded' });
    await refused.waitFor();
    await expect.poll(() => refused.textContent()).toMatch(/This is a draft.*tx-workbench run/);
    await page.getByText(new RegExp(`^Run ${failedRunId} \\(attempt \\d+, failed\\)$`)).waitFor();
    expect(page.url()).toBe(shownUrl);
    await shot('visualizer-7-run-file-and-refused-draft');
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await refused.waitFor({ state: 'hidden' });
    // The picked run survives a reload: the URL names it.
    await page.reload();
    await page
      .getByText(new RegExp(`^Run ${failedRunId} \\(attempt \\d+, failed\\)$`))
      .waitFor({ timeout: 30_000 });
  });

  it('names the run’s function short in the source bar: 0xcafe::playground::abort_with', async () => {
    const full = `0x${'cafe'.padStart(64, '0')}::playground::abort_with`;
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      // After the reload the dev wallet reconnects by itself (remembered approval).
      await page
        .getByRole('banner')
        .getByRole('button', { name: /connected$/ })
        .waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: /^Compose/ }).click();
      // The reload left Compose in editing or at the built run: a new attempt starts from Edit.
      await step('Edit').waitFor();
      if (await step('Edit').isEnabled()) await step('Edit').click();
      await composeState('editing');
      await page.getByRole('combobox', { name: 'Template' }).click();
      await page.getByRole('option', { name: 'Playground: abort with code 42' }).click();
      await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
      await step('Build').click();
      await composeState('built');
      await step('Simulate').click();
      await composeState('simulated.failure');
      await step('Sign anyway').click();
      await answerPrompt('Sign this transaction?', 'Approve');
      await step('Submit').click();
      await composeState('failed');

      const source = page.getByRole('region', { name: 'Source' });
      const named = source.getByText('0xcafe::playground::abort_with', { exact: true });
      // The live run.
      await openVisualizer();
      await source.getByText(/^Live run \S+ \(attempt \d+\)$/).waitFor();
      await named.waitFor();
      await expect(named.getAttribute('title')).resolves.toBe(full);
      await expect(source.textContent()).resolves.not.toContain(full);
      await shot('visualizer-9-short-function-live');
      // The same run from the store.
      const title = (await source.getByText(/^Live run \S+/).textContent()) ?? '';
      const runId = /^Live run (\S+)/.exec(title)?.[1] ?? '';
      expect(runId).not.toBe('');
      await page.getByRole('link', { name: /^Compose/ }).click();
      await step('Edit').click();
      await composeState('editing');
      await page.evaluate((id) => {
        window.location.hash = `#/visualizer/${encodeURIComponent(id)}`;
      }, runId);
      await source
        .getByText(new RegExp(`^Run ${runId} \\(attempt \\d+, failed\\)$`))
        .waitFor({ timeout: 30_000 });
      await named.waitFor();
      await expect(named.getAttribute('title')).resolves.toBe(full);
      await shot('visualizer-9-short-function-stored');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
