/**
 * Digital-asset journey in Chromium, against the embedded local chain and the in-page dev wallet:
 * connect and fund a fresh account, then run the composer's templates unedited, in order (create a
 * collection → mint a token → transfer it to the root account), each to committed; the Chain
 * page's account explorer lists the token under its owner before the transfer and under the root
 * account after it. Every step ends with a screenshot and an axe check, and fails on a console
 * error or a request that leaves the machine.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
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
/** The connected dev-wallet account (long form). */
let sender = '';
/** The minted token's object address, as the chain panel lists it. */
let tokenAddress = '';

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
  await screenshotIfFailed(page, 'tokens', context.task);
  expect(takeProblems(session)).toEqual(NO_PROBLEMS);
});

async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

const runSection = () => page.getByRole('region', { name: 'Run' });
const step = (name: string) => runSection().getByRole('button', { name, exact: true });
const accountPanel = () => page.getByRole('region', { name: 'Account' });

async function expectState(path: string, timeout = 30_000): Promise<void> {
  await page
    .getByRole('status', { name: `Transaction machine state: ${path}`, exact: true })
    .waitFor({ timeout });
}

async function answerPrompt(title: string, decision: 'Approve' | 'Reject'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function chooseTemplate(label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: label }).click();
  await expect
    .poll(() => page.getByRole('combobox', { name: 'Template' }).inputValue())
    .toBe(label);
}

/** Runs the composer's draft, unedited, to committed (one signature prompt). */
async function runToCommitted(): Promise<void> {
  await expect.poll(() => step('Run all').isEnabled(), { timeout: 15_000 }).toBe(true);
  await step('Run all').click();
  await answerPrompt('Sign this transaction?', 'Approve');
  await expectState('committed');
  await page
    .getByRole('region', { name: 'Committed transaction' })
    .getByText('Executed successfully', { exact: true })
    .first()
    .waitFor();
}

/** Opens an account's "Tokens and assets" tab on the Chain page. */
async function openTokensOf(address: string): Promise<void> {
  await page.getByRole('link', { name: /^Chain/ }).click();
  await accountPanel().getByRole('textbox', { name: 'Account address' }).fill(address);
  await accountPanel().getByRole('button', { name: 'Inspect' }).click();
  await accountPanel().getByRole('tab', { name: 'Tokens and assets' }).click();
}

async function backToCompose(): Promise<void> {
  await page.getByRole('link', { name: /^Compose/ }).click();
  await runSection().waitFor();
  await step('Edit').click();
  await expectState('editing');
}

describe('digital assets in Chromium: create a collection, mint, transfer', () => {
  it('connects the dev wallet and funds the account once', async () => {
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByRole('button', { name: 'Connect the dev wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?', 'Approve');
    const senderText = await start.getByText(/^Sender 0x[0-9a-f]{64}$/).textContent();
    sender = (senderText ?? '').replace(/^Sender /, '');
    expect(sender).toMatch(/^0x[0-9a-f]{64}$/);
    await start.getByRole('button', { name: 'Fund from the faucet' }).click();
    await start.getByText('Balance 1 APT (100,000,000 octas)').waitFor({ timeout: 20_000 });
  });

  it('the transfer template says what to run first while the account holds no token', async () => {
    await chooseTemplate('Digital asset: transfer a token to the root account');
    await page.getByText('Your account holds no token').waitFor();
    await shot('tokens-0-no-token-yet');
  });

  it('create a collection: the template, unedited, commits', async () => {
    await chooseTemplate('Digital asset: create a collection');
    await runToCommitted();
    await shot('tokens-1-collection-committed');
  });

  it('mint a token: the collection is the one just created; commits', async () => {
    await step('Edit').click();
    await expectState('editing');
    await chooseTemplate('Digital asset: mint a token');
    await expect
      .poll(() =>
        page.getByRole('combobox', { name: 'Collection to mint into (yours)' }).inputValue(),
      )
      .toBe('Workbench collection');
    await runToCommitted();
    await shot('tokens-2-minted');
  });

  it("the sender's tokens list shows the token, with its collection and address", async () => {
    await openTokensOf(sender);
    const table = accountPanel().getByRole('table', { name: 'Tokens held by the account' });
    const row = table.getByRole('row').filter({ hasText: 'Workbench token' });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.textContent()).resolves.toMatch(/Workbench collection/);
    tokenAddress =
      (await row
        .getByTitle(/^0x[0-9a-f]{64}$/)
        .first()
        .getAttribute('title')) ?? '';
    expect(tokenAddress).toMatch(/^0x[0-9a-f]{64}$/);
    const assets = accountPanel().getByRole('table', {
      name: 'Fungible-asset balances of the account',
    });
    await assets.getByText(/^0\.9\d* APT$/).waitFor();
    await shot('chain-account-tokens');
  });

  it('transfer a token: the token is picked from the account; commits', async () => {
    await backToCompose();
    await chooseTemplate('Digital asset: transfer a token to the root account');
    const picker = page.getByRole('combobox', { name: 'Token to transfer (yours)' });
    await expect.poll(() => picker.inputValue()).toMatch(/^Workbench token · Workbench collection/);
    await expect(page.getByRole('textbox', { name: /^Argument 1/ }).inputValue()).resolves.toBe(
      tokenAddress,
    );
    await runToCommitted();
    await shot('tokens-3-transferred');
  });

  it("the root account's tokens show it; the sender holds none", async () => {
    await openTokensOf(inject('localnet').rootAddress);
    const row = accountPanel()
      .getByRole('table', { name: 'Tokens held by the account' })
      .getByRole('row')
      .filter({ has: page.getByTitle(tokenAddress) });
    await row.first().waitFor({ timeout: 15_000 });
    await expect(row.first().textContent()).resolves.toMatch(/Workbench token/);
    await shot('tokens-4-recipient');

    await accountPanel().getByRole('textbox', { name: 'Account address' }).fill(sender);
    await accountPanel().getByRole('button', { name: 'Inspect' }).click();
    await accountPanel().getByRole('tab', { name: 'Tokens and assets' }).click();
    await accountPanel()
      .getByText(/^No tokens\./)
      .waitFor();
  });

  it('the tabs work from the keyboard, and the tokens tab passes axe in the dark scheme too', async () => {
    await openTokensOf(inject('localnet').rootAddress);
    const balancesTab = accountPanel().getByRole('tab', { name: 'Balances' });
    await balancesTab.focus();
    await page.keyboard.press('Enter');
    await expect(balancesTab.getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowRight');
    const tokensTab = accountPanel().getByRole('tab', { name: 'Tokens and assets' });
    await expect(tokensTab.evaluate((tab) => tab === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(tokensTab.getAttribute('aria-selected')).resolves.toBe('true');
    await accountPanel().getByRole('table', { name: 'Tokens held by the account' }).waitFor();

    await page.getByRole('button', { name: 'Switch to dark color scheme' }).click();
    await shot('tokens-5-dark');
    await page.getByRole('button', { name: 'Switch to light color scheme' }).click();
  });
});
