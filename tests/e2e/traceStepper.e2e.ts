/**
 * Stepping through a Move execution and comparing two (issue 32), in Chromium against the
 * embedded chain: the package whose entry `a` calls `b`, `b` calls `c` and `c` aborts (published
 * from Node with the project's bytecode writer), called from Compose. From the entry function's
 * frame, Step through walks to the abort and back to the start, with the stack the bytecode
 * computes; then `a(1)` committed out of gas is re-executed in History with more gas and the two
 * traces' diff names where they diverge. Screenshots in test-results/, axe-core on each.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MoveTrace } from '../../replay/moveTrace';
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
let owner: string;
const downloads = mkdtempSync(join(tmpdir(), 'workbench-trace-'));
const fn = (name: string) => frameName(`${owner}::chain::${name}`);

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
  await screenshotIfFailed(page, 'trace-stepper', context.task);
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

/** A screenshot (the viewport only while a dialog is open: a full page shifts under it). */
async function shot(name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage });
  await expectAccessible(page, name);
}

/** The stepper's announced position (its aria-live line). */
const position = (dialog: Locator) => dialog.locator('[aria-live="polite"]').textContent();

describe('stepping through a Move execution', () => {
  it('steps from the entry function to the abort and back to the start', async () => {
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
    await results.getByRole('tab', { name: 'Trace', exact: true }).click();
    await results.getByRole('tree', { name: 'Call tree, 4 frames' }).waitFor({ timeout: 20_000 });
    // The entry function, from the failing path; then Step through from it.
    await results
      .getByRole('navigation', { name: 'Failing path' })
      .getByRole('button', { name: fn('a'), exact: true })
      .click();
    const detail = results.getByRole('region', { name: 'Frame detail' });
    await detail.getByText(fn('a'), { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Step through' }).click();

    const dialog = page.getByRole('dialog', { name: /^Step through / });
    const instruction = dialog.getByLabel('Instruction about to run');
    await instruction.waitFor({ timeout: 20_000 });
    await expect(position(dialog)).resolves.toMatch(/^Step 1 of 19: .*::chain::a, offset 0, /);
    await expect(instruction.textContent()).resolves.toBe('MoveLoc(1)');
    const stack = dialog.getByRole('table', { name: 'Operand stack (bottom first)' });
    const locals = dialog.getByRole('table', { name: 'Locals' });

    // Forwards one instruction at a time (→), checking three points as the bytecode computes.
    await dialog.getByRole('button', { name: 'Step into' }).focus();
    for (let at = 2; at <= 19; at += 1) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => position(dialog)).toMatch(new RegExp(`^Step ${at} of 19`));
      if (at === 9) {
        // b about to call c(6, 3): w = 5 + 1 in local 1, x moved out.
        await expect(instruction.textContent()).resolves.toMatch(/^Call .*::chain::c$/);
        await expect(stack.textContent()).resolves.toBe('061 (top)3');
        await expect(locals.textContent()).resolves.toBe('0unset16');
      }
      if (at === 12) {
        await expect(instruction.textContent()).resolves.toBe('Mul');
        await expect(locals.textContent()).resolves.toBe('06132unset');
      }
    }
    await expect(instruction.textContent()).resolves.toBe('Abort');
    await expect(stack.textContent()).resolves.toBe('0 (top)65539');
    await expect(locals.textContent()).resolves.toBe('0613218');
    await dialog.getByText('aborts with E_TOO_BIG').waitFor();
    await expect(
      dialog.getByRole('button', { name: 'Step into' }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await shot('trace-stepper-1-abort', false);

    // Back: over c's instructions to b's call, out to a's, then to the start.
    await page.keyboard.press('ArrowUp');
    await expect(position(dialog)).resolves.toMatch(/^Step 18 of 19/);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(position(dialog)).resolves.toMatch(/^Step 9 of 19: .*::chain::b, offset 6/);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(position(dialog)).resolves.toMatch(/^Step 2 of 19: .*::chain::a, offset 1/);
    await page.keyboard.press('ArrowLeft');
    await expect(position(dialog)).resolves.toMatch(/^Step 1 of 19/);
    await expect(
      dialog.getByRole('button', { name: 'To the start' }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    // Over a's call to b: b never returns, so it lands on the abort.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(position(dialog)).resolves.toMatch(/^Step 19 of 19: .*::chain::c, offset 9/);
    await page.keyboard.press('Home');
    await expect(position(dialog)).resolves.toMatch(/^Step 1 of 19/);
    await shot('trace-stepper-2-start', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe("History's re-execution diff, frame by frame", () => {
  it('commits a(1) out of gas, re-executes it with more gas and names where the traces diverge', async () => {
    await step('Edit').click();
    await state('editing');
    await page.getByRole('textbox', { name: /^Argument 1/ }).fill('1');
    await page.getByRole('textbox', { name: /^Max gas \(units\)/ }).fill('60');
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Build').click();
    await state('built');
    await step('Simulate').click();
    await state('simulated.failure');
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
    const replay = page.getByRole('region', { name: 'Replay', exact: true });
    await replay.getByRole('textbox', { name: /^Max gas at that version/ }).fill('5000');
    await replay.getByRole('button', { name: /^Try a modified draft at version \d+$/ }).click();
    const diff = replay.getByRole('region', { name: 'Trace diff' });
    await diff.waitFor({ timeout: 30_000 });
    await diff.getByText(/^Diverges at /).waitFor({ timeout: 30_000 });
    // The storage charge ran out of gas outside every frame: the transaction's end is where.
    await expect(diff.textContent()).resolves.toMatch(
      /Identical up to frame 4; diverges at transaction: status, returns, gas\./,
    );
    const sides = diff.getByRole('table', { name: 'The diverging frame, both runs' });
    await sides.getByRole('row', { name: /^ended differs OUT_OF_GAS success$/ }).waitFor();
    await diff.scrollIntoViewIfNeeded();
    await diff.screenshot({ path: 'test-results/trace-stepper-3-diff-region.png' });
    await shot('trace-stepper-3-diff');
  });
});

describe('a run carries its trace', () => {
  it('exports the trace History fetched, and shows it when the chain answers for another transaction', async () => {
    const results = page.getByRole('region', { name: 'Committed transaction' });
    await results.getByRole('tab', { name: 'Trace', exact: true }).click();
    await results.getByRole('tree', { name: 'Call tree, 4 frames' }).waitFor({ timeout: 20_000 });
    // Kept with the run (saved as the tab answers): its export carries the committed version's
    // trace, without steps.
    type Exported = {
      schemaVersion: number;
      runs: Array<{ chain: { version: string; hash: string }; moveTrace?: MoveTrace }>;
    };
    const exportRun = async (attempt: number): Promise<Exported> => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const file = join(downloads, `run-${attempt}.json`);
      await (await download).saveAs(file);
      return JSON.parse(readFileSync(file, 'utf8')) as Exported;
    };
    let exported = await exportRun(0);
    for (let attempt = 1; attempt < 10 && exported.runs[0]?.moveTrace === undefined; attempt += 1) {
      await page.waitForTimeout(300);
      exported = await exportRun(attempt);
    }
    const [run] = exported.runs;
    expect(exported.schemaVersion).toBe(2);
    expect(run?.moveTrace).toMatchObject({
      kind: 'committed',
      version: run?.chain.version,
      hash: run?.chain.hash,
      vmStatus: expect.stringMatching(/OUT_OF_GAS|out of gas/i) as unknown,
    });
    expect(run?.moveTrace?.frames).toHaveLength(4);
    expect(run?.moveTrace).not.toHaveProperty('steps');

    // Another machine's chain: the same version holds another transaction there.
    const other = { ...run?.moveTrace, hash: `0x${'ab'.repeat(32)}` };
    await page.route('**/workbench/trace', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify(other),
      }),
    );
    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Committed transaction' });
    await reloaded.getByRole('tab', { name: 'Trace', exact: true }).click();
    await reloaded.getByText('The trace stored with this run').waitFor({ timeout: 20_000 });
    await reloaded.getByText(/holds another transaction at version \d+/).waitFor();
    await reloaded.getByRole('tree', { name: 'Call tree, 4 frames' }).waitFor();
    await expect(
      reloaded
        .getByRole('region', { name: 'Frame detail' })
        .getByRole('button', {
          name: 'Step through',
        })
        .count(),
    ).resolves.toBe(0);
    await reloaded.scrollIntoViewIfNeeded();
    await reloaded.screenshot({ path: 'test-results/trace-stepper-4-stored-region.png' });
    await shot('trace-stepper-4-stored');
    await page.unroute('**/workbench/trace');
  });
});
