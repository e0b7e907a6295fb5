/**
 * Multi-signer journeys in Chromium (issue 16), against the embedded local chain and the in-page
 * dev wallet in `prompt` mode: each signer is asked in its own prompt, and the results list every
 * signer and who paid the fee.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { expectAccessible } from './axe';
import { openBrowser, type BrowserSession, NO_PROBLEMS, takeProblems } from './chromium';

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
  if (context.task.result?.state === 'fail') {
    await page.screenshot({ path: 'test-results/multisigner-failed.png', fullPage: true });
  }
  expect(takeProblems(session)).toEqual(NO_PROBLEMS);
});

const prompt = (title: string) => page.getByRole('dialog', { name: title });
const runSection = () => page.getByRole('region', { name: 'Run' });
const step = (name: string) => runSection().getByRole('button', { name, exact: true });

async function answerPrompt(title: string, decision: 'Approve' | 'Reject'): Promise<void> {
  const dialog = prompt(title);
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function expectState(path: string, timeout = 30_000): Promise<void> {
  await page
    .getByRole('status', { name: `Transaction machine state: ${path}`, exact: true })
    .waitFor({ timeout });
}

async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
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

describe('multi-signer journeys in Chromium', () => {
  let sponsor = '';

  it('connects, funds the sender, and adds a second account as fee payer', async () => {
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByRole('button', { name: 'Connect the dev wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?', 'Approve');
    await start.getByRole('button', { name: 'Fund from the faucet' }).click();
    await start.getByText('Balance 1 APT (100,000,000 octas)').waitFor({ timeout: 20_000 });

    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await panel.getByRole('button', { name: 'Open dev wallet' }).click();
    const drawer = page.getByRole('dialog', { name: 'Workbench Dev Wallet' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Generate key' }).click();
    sponsor = (await drawer.getByLabel('Address of Account 2').getAttribute('title')) ?? '';
    expect(sponsor).toMatch(/^0x[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Close the dev wallet' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await fund(sponsor, 100_000_000);
  });

  it('a sponsored transfer commits, with the fee payer paying the gas', async () => {
    await page.getByRole('combobox', { name: 'Transaction kind' }).click();
    await page.getByRole('option', { name: 'Sponsored: a fee payer pays the gas' }).click();
    await page.getByRole('textbox', { name: 'Fee payer address' }).fill(sponsor);
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    // One prompt per signer, the same title: the sender's first, then the fee payer's.
    const signPrompt = prompt('Sign this transaction?');
    await signPrompt.getByText('as sender').waitFor({ timeout: 15_000 });
    await signPrompt.getByText('None: the fee is paid by another signer').waitFor();
    await signPrompt.getByRole('button', { name: 'Approve', exact: true }).click();
    await signPrompt.getByText('as fee payer').waitFor({ timeout: 15_000 });
    await signPrompt.getByText(/^Up to \d+ octas$/).waitFor();
    await shot('multisigner-0-fee-payer-prompt');
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('committed');
    await page.getByRole('heading', { name: 'Signers: 2 of 2 signatures collected' }).waitFor();
    const signers = page.getByRole('table', { name: 'Signers' });
    await expect(signers.getByText('verified', { exact: true }).count()).resolves.toBe(2);
    await page.getByText(/^Fee paid by 0x[0-9a-f]+ \(the fee payer\)$/).waitFor();
    await shot('multisigner-1-sponsored-committed');
    // Balance changes: the fee payer on its own row, saying it paid the fee.
    await page.getByRole('tab', { name: /^Balance changes/ }).click();
    const balances = page.getByRole('table', { name: 'Balance changes' });
    await balances.getByText('Paid the fee for the sender').waitFor();
    await expect(balances.getByText(/\(fee payer\)$/).count()).resolves.toBe(1);
    await shot('multisigner-1b-sponsored-balance-changes');
    await page.getByRole('tab', { name: 'Overview' }).click();
  });

  it('a rejection by the second signer ends rejected, naming that signer', async () => {
    await step('Retry').click();
    const signPrompt = prompt('Sign this transaction?');
    await signPrompt.getByText('as sender').waitFor({ timeout: 15_000 });
    await signPrompt.getByRole('button', { name: 'Approve', exact: true }).click();
    await signPrompt.getByText('as fee payer').waitFor({ timeout: 15_000 });
    await answerPrompt('Sign this transaction?', 'Reject');
    await expectState('rejected');
    await page
      .getByText(
        `The second signer (fee payer ${sponsor}) rejected the request. Sign again, or edit the draft.`,
      )
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Signers: 1 of 2 signatures collected' }).waitFor();
    await shot('multisigner-2-second-signer-rejected');
  });

  it('a sponsored transfer whose fee payer is too poor stops at the simulation, explained', async () => {
    const poor = `0x${'9'.repeat(64)}`;
    await fund(poor, 100);
    await step('Edit').click();
    await expectState('editing');
    await page.getByRole('textbox', { name: 'Fee payer address' }).fill(poor);
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    await expectState('simulated.failure');
    await page
      .getByText(
        `Simulation failed: INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE; the fee payer ${poor} cannot pay max gas amount × gas unit price; fund the fee payer or lower max gas amount. Submitting it would fail the same way.`,
      )
      .first()
      .waitFor();
    await page.getByText(`Fee would be paid by ${poor} (the fee payer)`).waitFor();
    await shot('multisigner-3-fee-payer-too-poor');
  });

  it('a multi-agent call with two signers commits, each signing in its own prompt', async () => {
    await step('Edit').click();
    await expectState('editing');
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page
      .getByRole('option', { name: 'Playground: two signers store the value 7 (multi-agent)' })
      .click();
    // The form re-lays out with the template's function; open the next picker once it settled.
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Argument 1/ }).inputValue())
      .toBe('7');
    await page.waitForTimeout(500);
    await page.getByRole('combobox', { name: 'Transaction kind' }).scrollIntoViewIfNeeded();
    await page.getByRole('combobox', { name: 'Transaction kind' }).click();
    await page.getByRole('option', { name: 'Multi-agent: secondary signers sign too' }).click();
    await page.getByRole('textbox', { name: 'Secondary signer addresses' }).fill(sponsor);
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    const signPrompt = prompt('Sign this transaction?');
    await signPrompt.getByText('as sender').waitFor({ timeout: 15_000 });
    await signPrompt.getByRole('button', { name: 'Approve', exact: true }).click();
    await signPrompt.getByText('as secondary signer').waitFor({ timeout: 15_000 });
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('committed');
    await page.getByRole('heading', { name: 'Signers: 2 of 2 signatures collected' }).waitFor();
    await shot('multisigner-4-multi-agent-committed');
  });

  it('a 2-of-3 multi-Ed25519 account made in the panel sends a transfer that commits', async () => {
    await step('Edit').click();
    await expectState('editing');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    const walletDialog = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await walletDialog.getByRole('button', { name: 'Open dev wallet' }).click();
    const drawer = page.getByRole('dialog', { name: 'Workbench Dev Wallet' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Create multi-signer account' }).click();
    const form = drawer.getByRole('form', { name: 'Create a multi-signer account' });
    await form.getByRole('textbox', { name: /New Ed25519 keys/ }).fill('3');
    await form.getByRole('textbox', { name: /Threshold/ }).fill('2');
    await form.getByRole('textbox', { name: /^Name/ }).fill('Vault');
    await form.getByRole('button', { name: 'Create account' }).click();
    await drawer.getByText('2 of 3 keys (Ed25519 ×3)').waitFor();
    const vault = (await drawer.getByLabel('Address of Vault').getAttribute('title')) ?? '';
    expect(vault).toMatch(/^0x[0-9a-f]{64}$/);
    await drawer.getByRole('button', { name: 'Use Vault as the active account' }).click();
    await shot('multisigner-5-multi-ed25519-in-panel');
    await page.getByRole('button', { name: 'Close the dev wallet' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Fund it through the header's wallet menu.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    const menu = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await menu.getByText(vault.slice(0, 6), { exact: false }).first().waitFor();
    await menu.getByRole('textbox', { name: 'Amount to fund' }).fill('1');
    await menu.getByRole('button', { name: 'Fund', exact: true }).click();
    await menu
      .getByText(/Funded|100,000,000 octas/)
      .first()
      .waitFor({ timeout: 20_000 });
    // The wallet button toggles its menu closed.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /connected$/ })
      .click();
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'APT transfer: 0.1 APT to the root account' }).click();
    await page.waitForTimeout(500);
    await page.getByRole('combobox', { name: 'Transaction kind' }).scrollIntoViewIfNeeded();
    await page.getByRole('combobox', { name: 'Transaction kind' }).click();
    await page.getByRole('option', { name: 'Simple: the sender signs alone' }).click();
    await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
    await step('Run all').click();
    const signPrompt = prompt('Sign this transaction?');
    await signPrompt.getByText('Signs with keys 1 to 2 of its 3 keys (threshold 2).').waitFor({
      timeout: 15_000,
    });
    await answerPrompt('Sign this transaction?', 'Approve');
    await expectState('committed');
    await shot('multisigner-6-multi-ed25519-committed');
    const onChain = await fetch(`${inject('localnet').rest}/accounts/${vault}`);
    expect(onChain.status).toBe(200);
    expect(((await onChain.json()) as { sequence_number: string }).sequence_number).toBe('1');
  });
});
