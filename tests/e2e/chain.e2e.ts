/**
 * Chain page journeys in Chromium, against the embedded local chain: a transaction looked up by
 * hash shows the same decoded tabs as Compose; an account shows its transactions (paged, newest
 * first), balances and modules with their ABIs; a bad address gets the app's one message; the
 * clock resets to now. Each step ends with a screenshot and an axe check.
 */
import {
  Account,
  Aptos,
  AptosConfig,
  Ed25519PrivateKey,
  Network,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT_PRIVATE_KEY } from '../../localnet/index.ts';
import { expectAccessible } from './axe';
import { openBrowser, type BrowserSession } from './chromium';

let session: BrowserSession;
let page: Page;
let aptos: Aptos;
let root: Account;
/** The transfers committed for the journey, oldest first. */
const transfers: UserTransactionResponse[] = [];
const BOB = `0x${'b0b'.padStart(64, '0')}`;

async function transfer(octas: number, expireTimestamp?: number): Promise<UserTransactionResponse> {
  const transaction = await aptos.transaction.build.simple({
    sender: root.accountAddress,
    data: { function: '0x1::aptos_account::transfer', functionArguments: [BOB, octas] },
    ...(expireTimestamp === undefined ? {} : { options: { expireTimestamp } }),
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: root, transaction });
  const committed = await aptos.waitForTransaction({ transactionHash: pending.hash });
  if (committed.type !== 'user_transaction')
    throw new Error(`not a user transaction: ${committed.type}`);
  return committed as UserTransactionResponse;
}

beforeAll(async () => {
  const localnet = inject('localnet');
  aptos = new Aptos(
    new AptosConfig({
      network: Network.CUSTOM,
      fullnode: localnet.rest,
      faucet: localnet.faucet,
      indexer: localnet.indexer,
    }),
  );
  root = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(`ed25519-priv-${ROOT_PRIVATE_KEY}`),
  });
  // Twelve transfers from the root account: more than one page (10) of its transactions.
  for (let i = 1; i <= 12; i += 1) transfers.push(await transfer(1_000_000 * i));
  session = await openBrowser();
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(inject('baseURL'));
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
  await page.getByRole('link', { name: /^Chain/ }).click();
});

afterAll(async () => {
  await session?.close();
});

afterEach(() => {
  expect(session.problems).toEqual({
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    externalRequests: [],
  });
});

async function shot(name: string): Promise<void> {
  // Let Mantine's transitions (150 ms fades) finish.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** The chain's mining mode, as its dev control answers. */
const mining = async (): Promise<unknown> =>
  (await fetch(`${inject('localnet').rest.replace(/\/v1$/, '')}/workbench/mining`)).json();
const lookup = () => page.getByRole('region', { name: 'Transaction lookup' });
const accountPanel = () => page.getByRole('region', { name: 'Account' });

describe('Chain page journeys in Chromium', () => {
  it('a transaction looked up on the Chain page shows the same decoded tabs as Compose', async () => {
    const last = transfers.at(-1);
    if (last === undefined) throw new Error('no transfer committed');
    await lookup().getByRole('textbox', { name: 'Hash or version' }).fill(last.hash);
    await lookup().getByRole('button', { name: 'Look up' }).click();
    const tabs = lookup().getByRole('tablist', { name: 'Looked-up transaction' });
    await tabs.waitFor();
    const names = await tabs.getByRole('tab').allTextContents();
    expect(names.map((name) => name.replace(/ \(\d+\)$/, ''))).toEqual([
      'Overview',
      'Balance changes',
      'Events',
      'Write set',
      'Trace',
      'Payload',
      'Timings',
    ]);
    await expect(lookup().getByText(last.hash).first().isVisible()).resolves.toBe(true);
    await expect(lookup().getByText('Executed successfully').first().isVisible()).resolves.toBe(
      true,
    );
    await shot('chain-lookup-overview');

    // Events as a decoded table, not a JSON blob.
    await tabs.getByRole('tab', { name: /^Events/ }).click();
    await expect(
      lookup()
        .getByText(/FeeStatement/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await shot('chain-lookup-events');

    await tabs.getByRole('tab', { name: /^Balance changes/ }).click();
    // 12,000,000 octas to 0xb0b.
    await expect(
      lookup()
        .getByText(/0\.12 APT/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await shot('chain-lookup-balance-changes');
  });

  it('opens the sender: its transactions page by page, newest first, and a hash opens in the lookup', async () => {
    await lookup().getByTitle('Open the sender in the account explorer').click();
    const table = accountPanel().getByRole('table', { name: 'Transactions sent by the account' });
    await table.waitFor();
    const info = await aptos.getAccountInfo({ accountAddress: root.accountAddress });
    const count = Number(info.sequence_number);
    const pages = Math.ceil(count / 10);
    await accountPanel()
      .getByText(`${count} sent transactions, newest first. Page 1 of ${pages}.`)
      .waitFor();
    // Newest first: the first row is the last transfer.
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.textContent()).resolves.toContain(String(count - 1));
    await shot('chain-account-transactions');

    await accountPanel().getByRole('button', { name: 'Older' }).click();
    await accountPanel()
      .getByText(`${count} sent transactions, newest first. Page 2 of ${pages}.`)
      .waitFor();
    await accountPanel().getByRole('button', { name: 'Newer' }).click();
    await accountPanel()
      .getByText(`${count} sent transactions, newest first. Page 1 of ${pages}.`)
      .waitFor();

    // The second-newest transfer opens in the lookup.
    const previous = transfers.at(-2);
    if (previous === undefined) throw new Error('no transfer committed');
    await accountPanel()
      .getByRole('button', { name: new RegExp(`open transaction ${previous.hash}$`) })
      .click();
    await expect
      .poll(() => lookup().getByRole('textbox', { name: 'Hash or version' }).inputValue())
      .toBe(previous.hash);
    await lookup().getByRole('tablist', { name: 'Looked-up transaction' }).waitFor();
    await expect(lookup().getByText(previous.hash).first().isVisible()).resolves.toBe(true);
  });

  it('shows balances (coins and fungible assets) of 0xb0b, typed in short form', async () => {
    const input = accountPanel().getByRole('textbox', { name: 'Account address' });
    // A short form without 0x: the one message says what went wrong and what to type.
    await input.fill('b0b');
    await accountPanel().getByRole('button', { name: 'Inspect' }).click();
    await accountPanel()
      .getByText(
        'Address "b0b" must start with 0x: type 0xb0b. An address is 0x followed by 1 to 64 hex digits (0-9, a-f), e.g. 0x1 or 0xb0b; short forms are padded with zeros.',
      )
      .waitFor();
    await shot('chain-address-error');

    await input.fill('0xb0b');
    await accountPanel().getByRole('button', { name: 'Inspect' }).click();
    await accountPanel().getByText(BOB).first().waitFor();
    await accountPanel().getByRole('tab', { name: 'Balances' }).click();
    // 1 + 2 + … + 12 = 78 hundredths of an APT.
    const table = accountPanel().getByRole('table', { name: 'Balances of the account' });
    await table.getByText('0.78 APT (78,000,000 octas)').waitFor();
    await expect(table.getByText('fungible asset').first().isVisible()).resolves.toBe(true);
    await shot('chain-account-balances');
  });

  it('shows the modules at 0x1 with their ABIs: functions and structs', async () => {
    await accountPanel().getByRole('textbox', { name: 'Account address' }).fill('0x1');
    await accountPanel().getByRole('button', { name: 'Inspect' }).click();
    await accountPanel().getByRole('tab', { name: 'Modules' }).click();
    await accountPanel()
      .getByRole('button', { name: /^aptos_account/ })
      .click();
    const functions = accountPanel().getByRole('table', { name: 'Functions of aptos_account' });
    await functions.waitFor();
    const transferRow = functions.getByRole('row').filter({ hasText: /^transfer(?!_)/ });
    await expect(transferRow.first().textContent()).resolves.toMatch(/publicentry/);
    await shot('chain-account-modules');
  });

  it('resets the clock to now after an advance; ledger time does not go back', async () => {
    const controls = page.getByRole('region', { name: 'Dev controls' });
    const clock = controls.getByLabel('Chain clock');
    const reset = controls.getByRole('button', { name: 'Reset clock to now' });
    // Another journey on this chain may have advanced it already: start from offset 0.
    await clock.waitFor();
    if (await reset.isEnabled()) {
      await reset.click();
      await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toMatch(/\(offset 0 s\)/);
    }
    await controls.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toMatch(/\(offset 60 s\)/);
    const before = await aptos.getLedgerInfo();
    await controls.getByRole('button', { name: 'Reset clock to now' }).click();
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toMatch(/\(offset 0 s\)/);
    await expect(
      controls.getByRole('button', { name: 'Reset clock to now' }).isDisabled(),
    ).resolves.toBe(true);
    // A transfer after the reset commits, at a ledger time that did not go back. The chain is
    // still ahead of wall time (blocks resume at the last block + 1 µs): expiration is built from
    // the ledger's time, as the composer does.
    const ledgerSecs = Number(BigInt(before.ledger_timestamp) / 1_000_000n);
    const after = await transfer(1, ledgerSecs + 60);
    expect(BigInt(after.timestamp)).toBeGreaterThan(BigInt(before.ledger_timestamp));
    await shot('chain-clock-reset');
  });

  it("switches mining to interval at the chain's default cadence, with idle blocks, and back", async () => {
    const controls = page.getByRole('region', { name: 'Dev controls' });
    const mode = controls.getByRole('radiogroup', { name: 'Mining mode' });
    await mode.getByText('Interval', { exact: true }).click();
    await controls
      .getByText('Mining every 250 ms; an empty block after 500 ms without one.')
      .waitFor({ timeout: 10_000 });
    await expect(
      controls.getByRole('textbox', { name: 'Interval (ms)' }).inputValue(),
    ).resolves.toBe('250');
    // The chain took the mode with its idle blocks (their cadence is pinned in
    // tests/localnet/cadence.test.ts; after the clock journey above, the ledger is ahead of wall
    // time, so idle blocks wait for it to catch up: ledger time never goes back).
    await expect.poll(mining, { timeout: 10_000 }).toEqual({
      mode: 'interval',
      intervalMs: 250,
      idleBlockMs: 500,
    });
    await shot('chain-mining-interval');
    // The other journeys share this chain, and they expect instant commits.
    await mode.getByText('Instant', { exact: true }).click();
    await expect.poll(mining, { timeout: 10_000 }).toEqual({ mode: 'instant' });
  });
});
