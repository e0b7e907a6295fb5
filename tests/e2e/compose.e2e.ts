/**
 * Compose-and-run journeys in Chromium, against the embedded local chain and the in-page dev
 * wallet in `prompt` mode. The journeys run in order on one page; each ends in the named state of
 * the transaction machine with its details on screen, a screenshot in test-results/, and a check
 * that the page logged no error and reached nothing outside this machine. The clock jump of the
 * last journey moves the chain's clock ahead of the wall clock (by 10 s only: the chain is shared
 * with the other browser journeys), so it runs last.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { expectAccessible } from './axe';
import { openBrowser, type BrowserSession } from './chromium';

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  await page.goto(`${inject('baseURL')}#/compose`);
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
});

afterAll(async () => {
  await session?.close();
});

/**
 * Chromium logs every 4xx answer as a console error ("Failed to load resource"). The journeys
 * that rehearse a node refusal expect exactly those (400 on submit, 404 on the recheck); any
 * other console error, and any in other journeys, fails the journey.
 */
let expectedNodeAnswers: RegExp | null = null;

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await page.screenshot({
      path: `test-results/compose-failed-${context.task.name.replace(/\W+/g, '-').slice(0, 40)}.png`,
      fullPage: true,
    });
  }
  const { problems } = session;
  const consoleErrors = problems.consoleErrors.filter(
    (text) =>
      expectedNodeAnswers === null ||
      !(
        /^Failed to load resource: the server responded with a status of/.test(text) &&
        expectedNodeAnswers.test(text)
      ),
  );
  const snapshot = { ...problems, consoleErrors };
  problems.consoleErrors = [];
  problems.pageErrors = [];
  problems.failedRequests = [];
  problems.externalRequests = [];
  expectedNodeAnswers = null;
  expect(snapshot).toEqual({
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    externalRequests: [],
  });
});

const prompt = (title: string) => page.getByRole('dialog', { name: title });
const runSection = () => page.getByRole('region', { name: 'Run' });
const devControls = () => page.getByRole('region', { name: 'Dev controls' });
const step = (name: string | RegExp) => runSection().getByRole('button', { name, exact: true });

async function shot(name: string, folder = 'test-results'): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

async function expectState(path: string, timeout = 30_000): Promise<void> {
  try {
    await page
      .getByRole('status', { name: `Transaction machine state: ${path}`, exact: true })
      .waitFor({ timeout });
  } catch (error) {
    await page.screenshot({ path: `test-results/compose-failed-${path}.png`, fullPage: true });
    throw error;
  }
}

async function answerPrompt(title: string, decision: 'Approve' | 'Reject' | 'Cancel') {
  const dialog = prompt(title);
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function chooseTemplate(label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: label }).click();
}

function field(name: string | RegExp): Locator {
  return page.getByRole('textbox', { name });
}

async function setField(name: string | RegExp, value: string): Promise<void> {
  await field(name).fill(value);
}

/** Waits until the composer's draft has reached the machine (Build is enabled). */
async function draftReady(): Promise<void> {
  await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
}

describe('compose and run journeys in Chromium', () => {
  it('connects and funds the dev wallet', async () => {
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

    // Fund 1 APT (the form's default) from the one wallet entry point in the header.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    const walletPopover = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await walletPopover.getByRole('button', { name: 'Fund', exact: true }).click();
    await walletPopover.getByText('Funded 1 APT (100,000,000 octas)').waitFor({ timeout: 20_000 });
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    await walletPopover.waitFor({ state: 'hidden' });
    await page
      .getByLabel('Sender balance')
      .getByText('Balance: 1 APT (100,000,000 octas)')
      .waitFor({ timeout: 15_000 });
    await expectState('editing');
  });

  it('1. runs the default transfer, unedited, to committed, with fee, balance changes and timings', async () => {
    await expect(field(/^Argument 2/).inputValue()).resolves.toBe('0.1 APT');
    await draftReady();
    await step('Run all').click();
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('committed');
    const committed = page.getByRole('region', { name: 'Committed transaction' });
    await committed.getByText('Executed successfully', { exact: true }).first().waitFor();
    await expect(committed.getByLabel('Gas fee').textContent()).resolves.toMatch(
      /^Gas: \d+ units × 100 octas = \d+ octas \(0\.\d+ APT\)$/,
    );
    await committed.getByText('-0.1', { exact: false }).first().waitFor();
    await page.getByRole('region', { name: 'Simulation' }).waitFor();
    await page
      .getByRole('region', { name: 'Raw transaction' })
      .getByLabel('BCS hex', { exact: true })
      .waitFor();
    await page.getByRole('region', { name: 'Timings' }).getByText('pending').waitFor();
    await page
      .getByLabel('Sender balance')
      .getByText(/^Balance: 0\.89\d* APT \([\d,]+ octas\)$/)
      .waitFor({ timeout: 15_000 });
    await shot('compose-1-committed', 'docs/screenshots');
  });

  it('2. shows a simulation failure (insufficient balance) before signing', async () => {
    await step('Edit').click();
    await expectState('editing');
    await chooseTemplate('APT transfer: more than the balance');
    await draftReady();
    await step('Build').click();
    await expectState('built');
    await step('Simulate').click();
    await expectState('simulated.failure');
    const simulation = page.getByRole('region', { name: 'Simulation' });
    const explained = simulation.getByLabel('VM status explained');
    await explained.getByText('EINSUFFICIENT_BALANCE', { exact: false }).first().waitFor();
    await explained.getByText(/Module: 0x1::(fungible_asset|coin)/).waitFor();
    await expect(step('Sign anyway').isEnabled()).resolves.toBe(true);
    await expect(step('Submit').isEnabled()).resolves.toBe(false);
    await shot('compose-2-simulated-failure');
  });

  it('3. signs anyway and ends failed, with the abort explained', async () => {
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('signed');
    await step('Submit').click();
    await expectState('failed');
    const committed = page.getByRole('region', { name: 'Committed transaction' });
    const explained = committed.getByLabel('VM status explained');
    await explained.getByText(/^Move abort in 0x1::\w+$/).waitFor();
    await explained.getByText('Name: EINSUFFICIENT_BALANCE').waitFor();
    await explained.getByText(/^Code: 0x1000\d/).waitFor();
    await explained.getByText(/^Description: /).waitFor();
    // Simulated and committed sit side by side.
    await page.getByRole('region', { name: 'Simulation' }).waitFor();
    await shot('compose-3-failed-abort');
  });

  it('4. ends submitRejected with a stale sequence number', async () => {
    expectedNodeAnswers = /status of 400 \(Bad Request\)/;
    await step('Edit').click();
    await expectState('editing');
    await chooseTemplate('APT transfer: 0.1 APT to the root account');
    await setField(/^Argument 2/, '1000');
    await setField('Sequence number override', '0');
    await draftReady();
    await step('Build').click();
    await expectState('built');
    await step('Sign').click();
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('signed');
    await step('Submit').click();
    await expectState('submitRejected');
    const outcome = page.getByLabel('Step outcome');
    await outcome.getByText('SEQUENCE_NUMBER_TOO_OLD', { exact: true }).waitFor();
    await outcome.getByText(/Remove the sequence number override and rebuild/).waitFor();
    await shot('compose-4-submit-rejected');
  });

  it('6. ends rejected when the wallet prompt is rejected', async () => {
    await step('Edit').click();
    await expectState('editing');
    await setField('Sequence number override', '');
    await draftReady();
    await step('Run all').click();
    await answerPrompt('Sign this transaction?', 'Reject');
    await expectState('rejected');
    await page
      .getByLabel('Step outcome')
      .getByLabel('Wallet status')
      .getByText('REJECTED')
      .waitFor();
    await shot('compose-6-rejected');
  });

  it('runs a transfer start to finish with the keyboard only', async () => {
    await page.keyboard.press('Alt+E');
    await expectState('editing');
    await draftReady();
    await page.keyboard.press('Alt+R');
    const dialog = prompt('Sign this transaction?');
    await dialog.waitFor({ timeout: 15_000 });
    for (let i = 0; i < 12; i += 1) {
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === 'Approve') break;
      await page.keyboard.press('Tab');
    }
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Approve');
    await page.keyboard.press('Enter');
    await expectState('committed');
    await shot('compose-keyboard-committed');
  });

  it('5. ends timedOut with a held transaction, then recheck → expired', async () => {
    expectedNodeAnswers = /status of 404 \(Not Found\)/;
    await page.keyboard.press('Alt+E');
    await expectState('editing');
    await setField('Wait timeout (seconds)', '3');
    await setField('Expiration (seconds)', '8');
    await draftReady();
    await devControls().getByRole('button', { name: 'Hold next submissions' }).click();
    await devControls()
      .getByLabel('Active faults')
      .getByText(/hold next 1/)
      .waitFor();
    await step('Run all').click();
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('pending');
    await page
      .getByLabel('Elapsed time')
      .getByText(/^Waiting for the chain: .* of 3 s$/)
      .waitFor();
    await expectState('timedOut');
    await page
      .getByLabel('Step outcome')
      .getByText(/its outcome is unknown/)
      .waitFor();
    await devControls().getByRole('table', { name: 'Mempool' }).getByText('held').waitFor();
    await shot('compose-5-timed-out');

    // Just past the expiration: later journeys (other files too) build with the wall clock.
    await devControls().getByRole('textbox', { name: 'Advance by (seconds)' }).fill('10');
    await devControls().getByRole('button', { name: 'Advance clock' }).click();
    await devControls().getByText('The mempool is empty.').waitFor();
    await step('Recheck').click();
    await expectState('expired');
    await page
      .getByLabel('Step outcome')
      .getByText(/it will never commit/)
      .waitFor();
    await shot('compose-5-expired');
  });

  it('6. after the clock jump, a transfer with a short expiration still commits (expiration counts from chain time)', async () => {
    // The chain is now at least 10 s ahead of the wall clock: an expiration of 5 s counted from
    // the browser's clock would already be past on the chain.
    await step('Edit').click();
    await expectState('editing');
    await setField('Expiration (seconds)', '5');
    await setField('Wait timeout (seconds)', '20');
    await draftReady();
    await step('Run all').click();
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('committed');
    await shot('compose-6-committed-after-clock-jump', 'docs/screenshots');
  });
});
