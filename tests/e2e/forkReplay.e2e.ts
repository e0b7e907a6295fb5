/**
 * Replay on a fork in Chromium (issue 34), with the embedded chain as the upstream: a transfer
 * that ran out of gas is looked up on the Chain page, replayed on a fork the embedded chain opens
 * at its version ("identical to the committed result"), its trace opened on the fork, retried
 * there with more gas (success, with the trace diff), then from another sender (a malformed
 * address refused, then an account funded before it: success), and the runs found in History.
 * Screenshots in test-results/, axe-core on each.
 */
import {
  Account,
  Aptos,
  AptosConfig,
  Network,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import { chainExpireTimestamp } from './chainClock';
import {
  openBrowser,
  NO_PROBLEMS,
  screenshotIfFailed,
  takeProblems,
  type BrowserSession,
} from './chromium';

let session: BrowserSession;
let page: Page;
let failed: UserTransactionResponse;
/** An account funded before the failed transaction: another sender at its state. */
let richer: string;

/** A transfer to a new account with too little gas to create it: committed, out of gas. */
async function outOfGasTransfer(): Promise<UserTransactionResponse> {
  const { rest, faucet, indexer } = inject('localnet');
  const aptos = new Aptos(
    new AptosConfig({ network: Network.CUSTOM, fullnode: rest, faucet, indexer }),
  );
  const alice = Account.generate();
  const carol = Account.generate();
  await aptos.fundAccount({ accountAddress: carol.accountAddress, amount: 100_000_000 });
  richer = carol.accountAddress.toStringLong();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 100_000_000 });
  const transaction = await aptos.transaction.build.simple({
    sender: alice.accountAddress,
    data: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [Account.generate().accountAddress, 1],
    },
    options: { maxGasAmount: 50, expireTimestamp: await chainExpireTimestamp(rest) },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction });
  return (await aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
}

beforeAll(async () => {
  failed = await outOfGasTransfer();
  expect(failed.success).toBe(false);
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

afterEach(async (context) => {
  await screenshotIfFailed(page, 'fork-replay', context.task);
  expect(takeProblems(session)).toEqual(NO_PROBLEMS);
});

async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

const lookup = () => page.getByRole('region', { name: 'Transaction lookup' });
const fork = () => page.getByRole('region', { name: 'Replay on a fork' });

describe('Replay on a fork', () => {
  it('replays a failed transaction on a fork: identical to the committed result, with its trace', async () => {
    await lookup().getByRole('textbox', { name: 'Hash or version' }).fill(failed.hash);
    await lookup().getByRole('button', { name: 'Look up' }).click();
    await lookup().getByRole('tablist', { name: 'Looked-up transaction' }).waitFor();
    await fork().scrollIntoViewIfNeeded();
    await shot('fork-replay-1-lookup');

    // From the keyboard: focus the button and press Enter.
    await fork().getByRole('button', { name: 'Replay on a fork' }).focus();
    await page.keyboard.press('Enter');
    await fork().getByText('Identical to the committed result').waitFor({ timeout: 30_000 });
    await expect(
      fork()
        .getByRole('table', { name: 'Committed result and the replay on the fork' })
        .isVisible(),
    ).resolves.toBe(true);
    // The fork runs the framework's transfer natively: listed with the warning (read through CORS).
    const native = fork().getByRole('list', { name: 'Framework functions run natively' });
    await native.getByText(/aptos_account::transfer/).waitFor();
    await fork()
      .getByText(/may differ from the upstream/)
      .waitFor();
    await fork()
      .getByText(/state values? read in \d+ requests?/)
      .first()
      .waitFor();
    await shot('fork-replay-2-identical');

    await fork().getByRole('button', { name: 'Open its trace' }).click();
    const tree = fork().getByRole('tree', { name: /^Call tree, \d+ frames$/ });
    await tree.waitFor({ timeout: 20_000 });
    await expect(tree.getByRole('treeitem').count()).resolves.toBeGreaterThan(1);
    await shot('fork-replay-3-trace');
  });

  it('retries it with more gas, then from another sender, at the same state, and finds the runs in History', async () => {
    await fork().getByRole('button', { name: 'Hide its trace' }).click();
    const maxGas = fork().getByRole('textbox', { name: /^Max gas amount/ });
    await maxGas.fill('200000');
    await maxGas.press('Enter');
    const result = fork().getByRole('region', { name: 'The fix on the fork' });
    await result.getByText('With max gas 200000: success').waitFor({ timeout: 30_000 });
    await result.getByRole('button', { name: 'Compare the traces' }).click();
    await result
      .getByText(/diverges|identical up to/i)
      .first()
      .waitFor({ timeout: 20_000 });
    await result.scrollIntoViewIfNeeded();
    await shot('fork-replay-4-fix');

    // Another sender: the app's address parser says what to type, then Carol's account sends it.
    const sender = fork().getByRole('textbox', { name: /^Another sender/ });
    await sender.fill('b0b');
    await fork()
      .getByText('Sender "b0b" must start with 0x: type 0xb0b.', { exact: false })
      .waitFor();
    await expect(
      fork().getByRole('button', { name: 'Re-execute with these changes' }).isDisabled(),
    ).resolves.toBe(true);
    await sender.fill(richer);
    await sender.press('Enter');
    await result
      .getByText(
        /^With max gas 200000 and sender 0x[0-9a-f]{4}…[0-9a-f]{4} \(sequence number 0\): success$/,
      )
      .waitFor({ timeout: 30_000 });
    const balances = result
      .getByRole('table', { name: 'Committed result and the fix' })
      .getByRole('row', { name: /balance changes/ });
    await expect(balances.textContent()).resolves.toContain(richer);
    await result.getByRole('button', { name: 'Compare the traces' }).click();
    await result
      .getByText(/diverges|identical up to/i)
      .first()
      .waitFor({ timeout: 20_000 });
    await sender.scrollIntoViewIfNeeded();
    await shot('fork-replay-4b-sender');

    await page.goto(`${inject('baseURL')}#/history`);
    const runs = page.getByRole('table', { name: 'Recorded runs' });
    const rows = runs.getByRole('row').filter({ hasText: 'aptos_account::transfer' });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await shot('fork-replay-5-history');
    await rows.first().getByRole('link').first().click();
    await page.getByRole('heading', { name: 'A fix tried on a fork' }).waitFor();
    await page.getByText('differs: VM status', { exact: false }).first().waitFor();
    await shot('fork-replay-6-run');
    // A fork run has no transitions (no machine ran it): the visualizer still opens it.
    await page.getByRole('link', { name: 'Open in the visualizer' }).click();
    await page.getByRole('figure', { name: /statechart$/ }).waitFor({ timeout: 30_000 });
    await shot('fork-replay-7-visualizer');
  });
});
