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
import {
  openBrowser,
  type BrowserSession,
  NO_PROBLEMS,
  screenshotIfFailed,
  takeProblems,
} from './chromium';

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  // The workbench layout is checked at a common laptop size.
  await page.setViewportSize({ width: 1440, height: 900 });
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
  await screenshotIfFailed(page, 'compose', context.task);
  const expected = expectedNodeAnswers;
  const problems = takeProblems(session, {
    console: (text) =>
      expected !== null &&
      /^Failed to load resource: the server responded with a status of/.test(text) &&
      expected.test(text),
  });
  expectedNodeAnswers = null;
  expect(problems).toEqual(NO_PROBLEMS);
});

const prompt = (title: string) => page.getByRole('dialog', { name: title });
const runSection = () => page.getByRole('region', { name: 'Run' });
const devControls = () => page.getByRole('region', { name: 'Dev controls' });
const results = () => page.getByRole('region', { name: /^(Committed transaction|Simulation)$/ });
const tab = (name: string | RegExp) =>
  page.getByRole('tablist', { name: 'Transaction results' }).getByRole('tab', { name });

/** Opens the folded chain panel (ledger and dev controls) when it is closed. */
async function openChainPanel(): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Chain: ledger, mining, clock and faults' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await devControls().waitFor();
  // The panel's queries have answered (the controls below them keep their place either way).
  await devControls().getByLabel('Active faults').waitFor();
  await devControls()
    .getByLabel('Chain clock')
    .getByText(/^chain time /)
    .waitFor();
}

/** The stepper's steps, as their accessible names say them (`Build: done`, `Sign: failed`, …). */
async function stepperStates(): Promise<string[]> {
  return page
    .getByRole('region', { name: 'Progress' })
    .locator('.mantine-Stepper-step')
    .evaluateAll((steps) => steps.map((step) => step.getAttribute('data-step') ?? ''));
}

/** Asserts that `locator` lies wholly inside the viewport, with the page scrolled to the top. */
async function expectInViewport(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (box === null || viewport === null) throw new Error(`${what} is not rendered`);
  expect({
    what,
    top: box.y >= 0,
    left: box.x >= 0,
    bottom: box.y + box.height <= viewport.height,
    right: box.x + box.width <= viewport.width,
  }).toEqual({ what, top: true, left: true, bottom: true, right: true });
}
const step = (name: string | RegExp) => runSection().getByRole('button', { name, exact: true });

/**
 * Asserts that the run section (step buttons, sender line) lies wholly on screen and below the
 * header, as the page is scrolled now: the controls stay in view over the rest of the page.
 */
async function expectRunControlsInView(what: string): Promise<void> {
  const header = await page.getByRole('banner').boundingBox();
  const viewport = page.viewportSize();
  if (header === null || viewport === null) throw new Error('no header or viewport');
  const controls: Array<[string, Locator]> = [
    ['the run section', runSection()],
    ['Build', step('Build')],
    ['Recheck', step('Recheck')],
    ['Retry', step('Retry')],
    ['the sender line', page.getByLabel('Sender balance')],
  ];
  for (const [name, locator] of controls) {
    const box = await locator.boundingBox();
    if (box === null) throw new Error(`${what}: ${name} is not rendered`);
    expect({
      what: `${what}: ${name}`,
      belowHeader: box.y >= header.y + header.height - 0.5,
      onScreen: box.x >= 0 && box.x + box.width <= viewport.width,
      aboveBottom: box.y + box.height <= viewport.height,
    }).toEqual({ what: `${what}: ${name}`, belowHeader: true, onScreen: true, aboveBottom: true });
  }
}

/** Scrolls the page (not Playwright's minimal scroll) so `locator` is in the viewport's middle. */
async function scrollToMiddle(locator: Locator): Promise<void> {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // Scrolled well past where the run section starts, so only sticking keeps it in view.
  await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(600);
}

async function shot(name: string): Promise<void> {
  // No tooltip left open by the last click in the picture.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
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
  it('connects and funds from the get-started steps (connect, fund, then build)', async () => {
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByRole('heading', { name: 'Nothing run yet' }).waitFor();
    await shot('compose-0-get-started');
    await start.getByRole('button', { name: 'Connect the dev wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?', 'Approve');
    await start.getByText(/^Sender 0x[0-9a-f]{64}$/).waitFor();
    // One funding is enough for the default transfer.
    await start.getByRole('button', { name: 'Fund from the faucet' }).click();
    await start.getByText('Balance 1 APT (100,000,000 octas)').waitFor({ timeout: 20_000 });
    await page
      .getByLabel('Sender balance')
      .getByText(/balance 1 APT \(100,000,000 octas\)$/)
      .waitFor({ timeout: 15_000 });
    await expect(start.getByRole('button', { name: 'Run all steps' }).isEnabled()).resolves.toBe(
      true,
    );
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
    await committed
      .getByRole('table', { name: 'Summary' })
      .getByText(/^\d+ units × 100 octas = 0\.\d+ APT \([\d,]+ octas\)$/)
      .waitFor();
    // The simulation and the committed transaction as one diff, not two copies.
    await committed.getByRole('group', { name: 'Same as simulation' }).waitFor();
    await expect(page.getByRole('region', { name: 'Simulation' }).count()).resolves.toBe(0);
    // The stepper graphic is a deferred render: it follows the state badge by a frame.
    await expect
      .poll(() => stepperStates(), { timeout: 5_000 })
      .toEqual([
        'Build: done',
        'Simulate: done',
        'Sign: done',
        'Submit: done',
        'Wait: done',
        'Outcome: done',
      ]);
    await page
      .getByLabel('Sender balance')
      .getByText(/balance 0\.89\d* APT \([\d,]+ octas\)$/)
      .waitFor({ timeout: 15_000 });
    await shot('compose-1-committed-full');
  });

  it('Compose at 1440×900 shows the controls and the outcome without scrolling', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    for (const name of ['Build', 'Simulate', 'Sign', 'Submit', 'Run all', 'Edit']) {
      await expectInViewport(step(name), `the ${name} button`);
    }
    await expectInViewport(
      page.getByRole('status', { name: /^Transaction machine state/ }),
      'the state',
    );
    await expectInViewport(page.getByLabel('Step outcome'), 'the step outcome');
    await expectInViewport(tab('Overview'), 'the result tabs');
    await expectInViewport(
      results().getByRole('group', { name: 'Same as simulation' }),
      'the simulated → committed diff',
    );
    await expectInViewport(page.getByRole('combobox', { name: 'Template' }), 'the template picker');
    // The results use the width: no sideways scrolling anywhere.
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).resolves.toBe(true);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/compose-1-committed.png' });
    await expectAccessible(page, 'compose-1-committed (viewport)');
  });

  it('shows the committed transaction in tabs: balance changes, events table, fee breakdown, write set, payload, timings', async () => {
    const committed = results();
    const fee = committed.getByRole('table', { name: 'Fee breakdown' });
    await expect(fee.getByLabel('Execution amount').textContent()).resolves.toMatch(
      /^0\.\d+ APT \([\d,]+ octas\)$/,
    );
    await expect(fee.getByLabel('Storage refund amount').textContent()).resolves.toBe(
      '0 APT (0 octas)',
    );
    await expect(fee.getByLabel('Charged amount').textContent()).resolves.toMatch(
      /^0\.\d+ APT \([\d,]+ octas\)$/,
    );

    await tab(/^Balance changes/).click();
    const balances = committed.getByRole('table', { name: 'Balance changes' });
    await balances.getByText(/^-0\.10\d+ APT \(-\d+ octas\)$/).waitFor();
    await balances.getByText('+0.1 APT (10000000 octas)').waitFor();

    await tab(/^Events/).click();
    const events = committed.getByRole('table', { name: 'Events' });
    await events.getByTitle('0x1::transaction_fee::FeeStatement').waitFor();
    await expect(
      events.getByTitle('0x1::transaction_fee::FeeStatement').textContent(),
    ).resolves.toBe('transaction_fee::FeeStatement');
    await events
      .getByText(/^io_gas_units:/)
      .first()
      .waitFor();
    await events.getByRole('button', { name: /^Copy event 0 as JSON$/ }).waitFor();
    await expect(
      events.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0) + 1),
    ).resolves.toBe(true);
    await shot('compose-tabs-events');

    await tab(/^Write set/).click();
    await committed
      .getByRole('table', { name: 'Write set' })
      .getByText('write_resource')
      .first()
      .waitFor();

    await tab('Payload').click();
    await committed.getByLabel('BCS hex', { exact: true }).waitFor();

    await tab('Timings').click();
    await committed.getByRole('table', { name: 'Timings' }).getByText('pending').waitFor();
    await tab('Overview').click();
  });

  it('2. shows a simulation failure (insufficient balance) before signing', async () => {
    await step('Edit').click();
    await expectState('editing');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Template', disabled: false }).count())
      .toBe(1);
    await chooseTemplate('APT transfer: more than the balance');
    await draftReady();
    await step('Build').click();
    await expectState('built');
    // The draft is locked while a step runs (a disabled fieldset, a frame after the press): its
    // fields are disabled for the accessibility tree too, and editing unlocks them.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Template', disabled: true }).count())
      .toBe(1);
    await expect.poll(() => field(/^Argument 2/).isDisabled()).toBe(true);
    await step('Simulate').click();
    await expectState('simulated.failure');
    // Only the step that failed is red; Build stays done.
    // The stepper graphic is a deferred render: it follows the state badge by a frame.
    await expect
      .poll(() => stepperStates(), { timeout: 5_000 })
      .toEqual([
        'Build: done',
        'Simulate: failed',
        'Sign: to do',
        'Submit: to do',
        'Wait: to do',
        'Outcome: to do',
      ]);
    await expect(
      page.getByRole('region', { name: 'Progress' }).locator('[data-failed]').count(),
    ).resolves.toBe(1);
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
    // Simulated and committed as one diff.
    await committed
      .getByRole('group', { name: /^(Same as simulation|Differs from the simulation)/ })
      .waitFor();
    // The stepper graphic is a deferred render: it follows the state badge by a frame.
    await expect
      .poll(() => stepperStates(), { timeout: 5_000 })
      .toEqual([
        'Build: done',
        'Simulate: done',
        'Sign: done',
        'Submit: done',
        'Wait: done',
        'Outcome: failed',
      ]);
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
    // The summary and the Fix line both give the catalog's fix; one is enough to wait for.
    await outcome.getByText(/^Fix: Remove the sequence number override and rebuild/).waitFor();
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
    await openChainPanel();
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
    const advance = devControls().getByRole('button', { name: 'Advance clock' });
    await scrollToMiddle(advance);
    await devControls().getByRole('textbox', { name: 'Advance by (seconds)' }).fill('10');
    await advance.click();
    await devControls().getByText('The mempool is empty.').waitFor();
    // Recheck is right there, with the clock just advanced: no scrolling back up to the controls.
    await expectRunControlsInView('1440×900, scrolled to the dev controls');
    await expect(step('Recheck').isEnabled()).resolves.toBe(true);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/compose-5-dev-controls-run-in-view.png' });
    await expectAccessible(page, 'compose-5-dev-controls-run-in-view');
    await step('Recheck').click();
    await expectState('expired');
    await page
      .getByLabel('Step outcome')
      .getByText(/it will never commit/)
      .waitFor();
    await shot('compose-5-expired');
  });

  it('on a phone, the run section stays under the header over the dev controls, and keyboard focus is not hidden beneath it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const advance = devControls().getByRole('button', { name: 'Advance clock' });
      await scrollToMiddle(advance);
      await expectRunControlsInView('390×844, scrolled to the dev controls');
      // The header is two rows on a phone; the run section starts below both.
      const header = await page.getByRole('banner').boundingBox();
      expect(header?.height).toBeGreaterThan(90);

      // Put the button just under the run section, then focus it as the keyboard would: it
      // scrolls clear of the section instead of staying hidden beneath it.
      const run = await runSection().boundingBox();
      const before = await advance.boundingBox();
      if (run === null || before === null) throw new Error('not rendered');
      await page.evaluate((by) => window.scrollBy(0, by), before.y - (run.y + run.height / 2));
      await advance.focus();
      const focused = await advance.boundingBox();
      const runNow = await runSection().boundingBox();
      expect((focused?.y ?? 0) >= (runNow?.y ?? 0) + (runNow?.height ?? 0)).toBe(true);

      await scrollToMiddle(advance);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await page.screenshot({ path: 'test-results/compose-phone-dev-controls-run-in-view.png' });
      await expectAccessible(page, 'compose-phone-dev-controls-run-in-view');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
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
    await shot('compose-6-committed-after-clock-jump');
  });

  it('builds the draft the form shows when Build is pressed right after typing', async () => {
    await step('Edit').click();
    await expectState('editing');
    await draftReady();
    // No wait between the keystrokes and the shortcut: the press hands the new amount over
    // itself (the page's own hand-off follows its render, after this press would have run).
    await field(/^Argument 2/).fill('0.23 APT');
    await page.keyboard.press('Alt+B');
    await expectState('built');
    // The card is a deferred render: it follows the state badge by a frame.
    const args = page
      .getByRole('region', { name: 'Raw transaction' })
      .getByRole('row')
      .filter({ hasText: /^Arguments/ });
    await expect.poll(() => args.textContent(), { timeout: 5_000 }).toMatch(/"23000000"/);
  });
});
