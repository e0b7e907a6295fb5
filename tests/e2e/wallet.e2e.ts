/**
 * Wallet journeys in Chromium, against the embedded local chain and the in-page dev wallet in
 * `prompt` mode: every request goes through the approval prompt, answered here as a person would.
 * The journeys run in order on one page, each ending with a screenshot and a check that the page
 * logged no error and reached nothing outside this machine.
 */
import { createServer, type Server } from 'node:http';
import { answerCors } from './testServers.ts';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import { openBrowser, type BrowserSession } from './chromium';

/** The chain id the stand-in custom node reports (the local chain is 4). */
const OTHER_CHAIN_ID = 9;

let session: BrowserSession;
let page: Page;
let otherNode: Server;
let otherNodeUrl: string;

/**
 * A stand-in full node on a free loopback port that reports chain id 9: the app's "custom network"
 * for the wrong-network journey (the real public networks are off limits here).
 */
function startOtherNode(): Promise<Server> {
  const server = createServer((request, response) => {
    if (answerCors(request, response)) return;
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && (path === '/v1' || path === '/v1/')) {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          chain_id: OTHER_CHAIN_ID,
          epoch: '1',
          ledger_version: '10',
          oldest_ledger_version: '0',
          ledger_timestamp: `${Date.now() * 1000}`,
          node_role: 'full_node',
          oldest_block_height: '0',
          block_height: '5',
          git_hash: 'stand-in',
        }),
      );
      return;
    }
    // Everything else is the local chain's answer: same state, another chain id.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      fetch(new URL(request.url ?? '/', new URL(inject('localnet').rest)), {
        method: request.method,
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(body.length > 0 ? { body } : {}),
      })
        .then(async (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch((error: unknown) => {
          response.writeHead(502).end(String(error));
        });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  otherNode = await startOtherNode();
  otherNodeUrl = `http://127.0.0.1:${(otherNode.address() as AddressInfo).port}/v1`;
  session = await openBrowser();
  page = session.page;
  await page.goto(inject('baseURL'));
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
});

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => otherNode?.close(resolve));
});

afterEach(() => {
  expect(session.problems).toEqual({
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    externalRequests: [],
  });
});

const walletPanel = () => page.getByRole('dialog', { name: 'Wallet', exact: true });
const prompt = (title: string) => page.getByRole('dialog', { name: title });
const devWalletDrawer = () => page.getByRole('dialog', { name: 'Workbench Dev Wallet' });

/** The header's wallet button, whatever it currently says. */
function walletButton(): Locator {
  return page
    .getByRole('banner')
    .getByRole('button', { name: /wallet|Connect|Connecting|Disconnecting|rejected/i })
    .first();
}

async function openWalletPanel(): Promise<Locator> {
  const panel = walletPanel();
  if (!(await panel.isVisible())) await walletButton().click();
  await panel.waitFor();
  return panel;
}

async function closeWalletPanel(): Promise<void> {
  if (await walletPanel().isVisible()) {
    await walletButton().click();
    await walletPanel().waitFor({ state: 'hidden' });
  }
}

async function expectState(path: string): Promise<void> {
  try {
    await walletPanel()
      .getByRole('status', { name: `Wallet machine state: ${path}` })
      .waitFor({ timeout: 15_000 });
  } catch (error) {
    await page.screenshot({ path: `test-results/wallet-failed-${path}.png`, fullPage: true });
    throw error;
  }
}

async function answerPrompt(title: string, decision: 'Approve' | 'Reject' | 'Cancel') {
  const dialog = prompt(title);
  await dialog.waitFor();
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function openDevWallet(): Promise<Locator> {
  // The one wallet entry point: the header's wallet button, then "Open dev wallet".
  const panel = await openWalletPanel();
  await panel.getByRole('button', { name: 'Open dev wallet' }).click();
  await panel.waitFor({ state: 'hidden' });
  const drawer = devWalletDrawer();
  await drawer.waitFor();
  return drawer;
}

async function closeDevWallet(): Promise<void> {
  await page.getByRole('button', { name: 'Close the dev wallet' }).click();
  await devWalletDrawer().waitFor({ state: 'hidden' });
}

async function connectDevWallet(decision: 'Approve' | 'Reject' | 'Cancel'): Promise<void> {
  const panel = await openWalletPanel();
  await panel.getByRole('button', { name: 'Connect Workbench Dev Wallet' }).click();
  await expectState('connecting');
  await answerPrompt('Connect this app to the dev wallet?', decision);
}

async function shot(name: string): Promise<void> {
  // Let Mantine's transitions (150 ms fades) finish.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

async function chooseNetwork(label: string): Promise<void> {
  await closeWalletPanel();
  await page.getByRole('combobox', { name: 'Network' }).click();
  await page.getByRole('option', { name: label }).click();
}

describe('wallet journeys in Chromium', () => {
  it('connects the dev wallet after approving the prompt', async () => {
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    const panel = await openWalletPanel();
    await expectState('disconnected');
    await expect(panel.getByText('Not installed').first().isVisible()).resolves.toBe(true);
    await connectDevWallet('Approve');
    await expectState('connected.ready');
    const address = await panel.getByLabel('Connected account address').textContent();
    expect(address).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(
      page
        .getByRole('button', {
          name: `Wallet ${address?.slice(0, 6)}…${address?.slice(-4)}, connected`,
        })
        .isVisible(),
    ).resolves.toBe(true);
    await shot('wallet-connect-approve');
  });

  it('shows rejected with the kept status when the prompt is rejected or closed', async () => {
    const panel = await openWalletPanel();
    await panel.getByRole('button', { name: 'Disconnect' }).click();
    await expectState('disconnected');
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor();

    await connectDevWallet('Reject');
    await expectState('rejected');
    await expect(panel.getByText('REJECTED', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(panel.getByText('Rejected in the approval prompt.').isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page.getByRole('button', { name: 'Connection rejected' }).isVisible(),
    ).resolves.toBe(true);
    await shot('wallet-connect-reject');

    // Closing the prompt with Escape counts as CANCELLED, and the machine keeps that status.
    await panel.getByRole('button', { name: 'Connect Workbench Dev Wallet' }).click();
    await prompt('Connect this app to the dev wallet?').waitFor();
    await page.keyboard.press('Escape');
    await expectState('rejected');
    await panel.getByText('CANCELLED', { exact: true }).waitFor();
    await expect(
      panel.getByText('The approval prompt was closed without a decision.').isVisible(),
    ).resolves.toBe(true);

    await connectDevWallet('Approve');
    await expectState('connected.ready');
  });

  it('funds the account from the dev wallet faucet and shows the balance', async () => {
    const drawer = await openDevWallet();
    await drawer.getByRole('button', { name: 'Fund Account 1 from the faucet' }).click();
    await drawer
      .getByText(/^Funded 1 APT \(100,000,000 octas\)\. Transaction/)
      .waitFor({ timeout: 20_000 });
    await shot('wallet-fund-drawer');
    await closeDevWallet();
    const panel = await openWalletPanel();
    await panel
      .getByText('Balance: 1 APT (100,000,000 octas)', { exact: true })
      .waitFor({ timeout: 15_000 });
    await shot('wallet-fund');
  });

  it('funds a chosen amount from the wallet entry point and says how much the faucet gave', async () => {
    const panel = await openWalletPanel();
    const amount = panel.getByRole('textbox', { name: 'Amount to fund' });
    await expect(
      panel
        .getByText(
          /^The Local \(embedded chain\) faucet gives up to 1,000 APT \(100,000,000,000 octas\) a request\.$/,
        )
        .isVisible(),
    ).resolves.toBe(true);
    // Over the limit: refused with the limit stated, nothing asked of the faucet.
    await amount.fill('1001');
    await panel.getByRole('button', { name: 'Fund', exact: true }).click();
    await panel
      .getByText('The faucet gives at most 1,000 APT (100,000,000,000 octas) a request.')
      .waitFor();
    // In octas, with the word: 25,000,000 octas = 0.25 APT.
    await amount.fill('25000000 octas');
    await expect(panel.getByText('0.25 APT (25,000,000 octas)').isVisible()).resolves.toBe(true);
    await panel.getByRole('button', { name: 'Fund', exact: true }).click();
    await panel
      .getByText('Funded 0.25 APT (25,000,000 octas)', { exact: true })
      .waitFor({ timeout: 20_000 });
    await panel
      .getByText('Balance: 1.25 APT (125,000,000 octas)', { exact: true })
      .waitFor({ timeout: 15_000 });
    await shot('wallet-fund-chosen-amount');
  });

  it('signs and submits a transfer through the prompt, and shows the committed hash', async () => {
    const panel = await openWalletPanel();
    await panel.getByRole('textbox', { name: 'Recipient' }).fill(inject('localnet').rootAddress);
    await panel.getByRole('textbox', { name: 'Amount (APT)' }).fill('0.25');
    await expect(
      panel
        .getByRole('form', { name: 'Send APT' })
        .getByText('0.25 APT (25,000,000 octas)')
        .isVisible(),
    ).resolves.toBe(true);
    await panel.getByRole('button', { name: 'Sign and submit' }).click();

    const dialog = prompt('Sign and submit this transaction?');
    await dialog.waitFor();
    await expect(
      dialog.getByText('0x1::aptos_account::transfer').first().isVisible(),
    ).resolves.toBe(true);
    await shot('wallet-transfer-prompt');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();

    const outcome = panel.getByRole('status').filter({ hasText: 'Committed' });
    await outcome.waitFor({ timeout: 30_000 });
    await expect(
      outcome.getByText(/Executed successfully · version \d+/).isVisible(),
    ).resolves.toBe(true);
    const hash = await outcome.locator('code').textContent();
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // 1.25 APT − 0.25 APT − gas.
    await panel.getByText(/^Balance: 0\.99\d* APT \([\d,]+ octas\)$/).waitFor({ timeout: 15_000 });
    await shot('wallet-transfer-committed');
  });

  it('follows an account switch made inside the wallet', async () => {
    const before = await (
      await openWalletPanel()
    )
      .getByLabel('Connected account address')
      .textContent();
    const drawer = await openDevWallet();
    await drawer.getByRole('button', { name: 'Generate key' }).click();
    await drawer.getByRole('button', { name: 'Use Account 2 as the active account' }).click();
    // The panel shows the address shortened on one line; the full form is its title.
    const second = await drawer.getByLabel('Address of Account 2').getAttribute('title');
    await expect(drawer.getByLabel('Address of Account 2').textContent()).resolves.toBe(
      `${second?.slice(0, 6)}…${second?.slice(-4)}`,
    );
    expect(second).toMatch(/^0x[0-9a-f]{64}$/);
    expect(second).not.toBe(before);
    await closeDevWallet();

    await page
      .getByRole('button', {
        name: `Wallet ${second?.slice(0, 6)}…${second?.slice(-4)}, connected`,
      })
      .waitFor();
    const panel = await openWalletPanel();
    await expectState('connected.ready');
    await expect(panel.getByLabel('Connected account address').textContent()).resolves.toBe(second);
    await shot('wallet-account-switch');
  });

  it('keeps the wallet connected across a reload, with no prompt', async () => {
    await page.reload();
    await walletButton().waitFor();
    await page.getByRole('button', { name: /, connected$/ }).waitFor({ timeout: 15_000 });
    await openWalletPanel();
    await expectState('connected.ready');
    await expect(prompt('Connect this app to the dev wallet?').count()).resolves.toBe(0);
    await shot('wallet-reload-connected');
  });

  it("shows wrongNetwork when the app's network changes, and both fixes work", async () => {
    await chooseNetwork('Custom');
    const custom = page.getByRole('dialog', { name: 'Custom network' });
    await custom.getByRole('textbox', { name: 'Full node URL' }).fill(otherNodeUrl);
    await custom.getByRole('button', { name: 'Use this network' }).click();
    await page.getByText(`Chain ${OTHER_CHAIN_ID}`, { exact: true }).waitFor();

    // The adapter is remounted for the new network; autoConnect brings the wallet back, unasked.
    const panel = await openWalletPanel();
    await expectState('connected.wrongNetwork');
    await expect(
      panel
        .getByText(
          /Workbench Dev Wallet is on local \(chain id 4\); the workbench is on Custom \(chain id 9\)/,
        )
        .isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /wrong network$/ }).isVisible()).resolves.toBe(
      true,
    );
    await shot('wallet-wrong-network');

    // Fix 1: move the dev wallet to the app's node.
    await panel
      .getByRole('button', { name: 'Switch the dev wallet to this node (chain id 9)' })
      .click();
    await expectState('connected.ready');

    // Back to the local chain: now the wallet is the one elsewhere. Fix 2: the wallet's
    // aptos:changeNetwork, approved in the prompt.
    await chooseNetwork('Local (embedded chain)');
    await page.getByText('Chain 4', { exact: true }).waitFor();
    await openWalletPanel();
    await expectState('connected.wrongNetwork');
    await panel
      .getByRole('button', { name: 'Switch Workbench Dev Wallet to Local (embedded chain)' })
      .click();
    await answerPrompt('Switch the wallet network?', 'Approve');
    await expectState('connected.ready');
    // A switch and back opened no connect prompt.
    await expect(prompt('Connect this app to the dev wallet?').count()).resolves.toBe(0);
    await shot('wallet-network-fixed');
  });

  it('notices a disconnect made inside the wallet', async () => {
    const drawer = await openDevWallet();
    await drawer.getByRole('button', { name: 'Disconnect app' }).click();
    await drawer.getByText('Not connected', { exact: true }).waitFor();
    await closeDevWallet();
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    await openWalletPanel();
    await expectState('disconnected');
    await shot('wallet-disconnected-in-wallet');
  });
});
