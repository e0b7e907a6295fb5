/**
 * The app under faults, in Chromium, against the embedded chain and the dev wallet in `prompt`
 * mode: the node goes down mid-run (and recheck works once it is back), a slow node (progress
 * shown, cancel works), a 507 `mempool_is_full`, a wallet that never answers (cancel works), the
 * network switched mid-run, and the page reloaded mid-run (History keeps the record up to its last
 * transition). Each journey ends in its named state with a screenshot (checked by axe-core) and a
 * check that the page logged no error beyond the lines the fault itself makes the browser print.
 *
 * The node's outage is made in the browser (`page.route` answers every request to the REST port
 * with a refused connection), the only way to take the shared chain away from one page without
 * stopping it for the other journeys; what the app sees is what it sees when the node is down.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { answerCors } from './testServers.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from '@aptos-labs/ts-sdk';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  fundFromHeader,
  openBrowser,
  type BrowserSession,
  NO_PROBLEMS,
  screenshotIfFailed,
  takeProblems,
} from './chromium';

let session: BrowserSession;
let page: Page;
/** Every console line the page printed, of every type, for the secret scan. */
const everyConsoleLine: string[] = [];
const downloads = mkdtempSync(join(tmpdir(), 'workbench-faults-'));
let proxy: Server;
let proxyUrl: string;

/** The embedded chain's origin (`http://127.0.0.1:8080`): REST under /v1, dev controls under /workbench. */
const chainOrigin = () => new URL(inject('localnet').rest).origin;

/** A dev-controls call made by the test itself (setup and cleanup, not what the journey shows). */
async function devControl(path: string, body?: object): Promise<unknown> {
  const response = await fetch(`${chainOrigin()}/workbench/${path}`, {
    method: body === undefined && !path.endsWith('clear') ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`dev control ${path} answered ${response.status}`);
  return response.json();
}

/**
 * A second full node on a free loopback port: the embedded chain behind a plain proxy (same
 * chain id, same state), so that switching the app to it is a real network switch (a new node
 * URL remounts the workspace) that reaches nothing outside this machine.
 */
function startProxy(): Promise<Server> {
  const server = createServer((request, response) => {
    if (answerCors(request, response)) return;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      fetch(new URL(request.url ?? '/', chainOrigin()), {
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
        .catch((error: unknown) => response.writeHead(502).end(String(error)));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  proxy = await startProxy();
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
  session = await openBrowser();
  page = session.page;
  // An unhandled rejection becomes a console error here, which fails the journey it happens in
  // (Playwright reports it as a page error too; this names it plainly).
  await page.addInitScript(() => {
    addEventListener('unhandledrejection', (event) => {
      console.error(`Unhandled rejection: ${String(event.reason)}`);
    });
  });
  page.on('console', (message) => everyConsoleLine.push(`${message.type()} ${message.text()}`));
  page.on('pageerror', (error) => everyConsoleLine.push(`pageerror ${String(error)}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errorAnswers.push(`${response.status()} ${response.url()}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${inject('baseURL')}#/compose`);
  await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
});

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await devControl('faults/clear').catch(() => undefined);
});

/**
 * What a fault makes Chromium print by itself, allowed for the journey that injects it only:
 * `Failed to load resource` lines for the refused connections of an outage, the injected 507,
 * the 404 of a lookup before a commit. The requests the outage refuses are allowed the same way.
 * Anything else (an app `console.error`, an unhandled rejection, a page error) fails the journey.
 */
let expectedConsole: RegExp | null = null;
/** Every 4xx/5xx answer of the journey, named in the failure message when a console line is left. */
let errorAnswers: string[] = [];
let expectedFailedRequests: RegExp | null = null;

afterEach(async (context) => {
  await page.unroute('**/*').catch(() => undefined);
  await screenshotIfFailed(page, 'faults', context.task);
  await devControl('faults/clear');
  const allowedConsole = expectedConsole;
  const allowedFailures = expectedFailedRequests;
  const snapshot = takeProblems(session, {
    console: (text) =>
      allowedConsole !== null &&
      /^Failed to load resource: /.test(text) &&
      allowedConsole.test(text),
    failed: (line) => allowedFailures !== null && allowedFailures.test(line),
  });
  expectedConsole = null;
  expectedFailedRequests = null;
  const answers = errorAnswers;
  errorAnswers = [];
  expect(snapshot, `answers of 400 and above: ${answers.join(', ')}`).toEqual(NO_PROBLEMS);
});

const runSection = () => page.getByRole('region', { name: 'Run' });
const step = (name: string) => runSection().getByRole('button', { name, exact: true });
const outcome = () => page.getByLabel('Step outcome');
const devControls = () => page.getByRole('region', { name: 'Dev controls' });
const runsTable = () => page.getByRole('table', { name: 'Recorded runs' });

async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

async function expectState(path: string, timeout = 30_000): Promise<void> {
  await page
    // By its label, not its role: a wallet's prompt hides the page behind it from the a11y tree.
    .locator(`[role="status"][aria-label="Transaction machine state: ${path}"]`)
    .waitFor({ timeout });
}

async function answerPrompt(title: string, decision: 'Approve' | 'Reject' = 'Approve') {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function draftReady(): Promise<void> {
  await expect.poll(() => step('Build').isEnabled(), { timeout: 15_000 }).toBe(true);
}

/** Back to `editing` from whatever outcome the last journey left. */
async function edit(): Promise<void> {
  if (await step('Edit').isEnabled()) await step('Edit').click();
  await expectState('editing');
}

async function setField(name: string, value: string): Promise<void> {
  await page.getByRole('textbox', { name }).fill(value);
}

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

async function chooseNetwork(label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Network' }).click();
  await page.getByRole('option', { name: label }).click();
}

/** The node is down for this page: every request to the chain's port is refused. */
async function takeNodeDown(): Promise<void> {
  await page.route(`${chainOrigin()}/**`, (route: Route) => route.abort('connectionrefused'));
}

async function bringNodeBack(): Promise<void> {
  await page.unroute(`${chainOrigin()}/**`);
}

/** The hash the run's outcome shows (the pending transaction's). */
async function pendingHash(): Promise<string> {
  const text = (await outcome().textContent()) ?? '';
  const hash = /0x[0-9a-f]{64}/.exec(text)?.[0];
  if (hash === undefined) throw new Error(`no transaction hash in the outcome: ${text}`);
  return hash;
}

describe('the app under faults, in Chromium', () => {
  it('connects the dev wallet and funds the account', async () => {
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByRole('button', { name: 'Connect the dev wallet' }).click();
    await answerPrompt('Connect this app to the dev wallet?');
    await start.getByText(/^Sender 0x[0-9a-f]{64}$/).waitFor();
    await fundFromHeader(page);
    await fundFromHeader(page);
    await draftReady();
    await expectState('editing');
  });

  it('node down mid-run: timedOut with a message naming the node; recheck commits once it is back', async () => {
    expectedConsole = /net::ERR_CONNECTION_REFUSED/;
    expectedFailedRequests = /net::ERR_CONNECTION_REFUSED$/;
    await edit();
    await setField('Wait timeout (seconds)', '20');
    await draftReady();
    // The transaction stays pending until released, so the outage starts while the app waits.
    await devControl('faults', { holdNext: 1 });
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await expectState('pending');
    await takeNodeDown();
    await expectState('timedOut');
    await outcome()
      .getByText(/could not reach|unreachable|not reachable/i)
      .first()
      .waitFor();
    await shot('faults-1-node-down-timed-out');

    await bringNodeBack();
    await devControl('mempool/release', {});
    await step('Recheck').click();
    await expectState('committed');
    await shot('faults-1-node-back-committed');
  });

  it('slow node: progress is shown while a step waits, and cancel stops it', async () => {
    await edit();
    await draftReady();
    // Every answer of the node takes 4 s: building waits, with its progress on screen.
    await page.route(`${chainOrigin()}/v1/**`, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue().catch(() => undefined);
    });
    await step('Build').click();
    await expectState('building');
    await page
      .getByLabel('Elapsed time')
      .getByText(/^Working: /)
      .waitFor();
    await shot('faults-2-slow-node-building');
    await step('Cancel').click();
    await expectState('editing');
    await page.unroute(`${chainOrigin()}/v1/**`);

    // A slow commit (8 s): the wait shows how much of its timeout has passed; cancel stops
    // watching (timedOut, outcome unknown), and a recheck once it has committed finds it.
    await devControl('faults', { delayCommitsMs: 8_000 });
    await setField('Wait timeout (seconds)', '30');
    await draftReady();
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await expectState('pending');
    await page
      .getByLabel('Elapsed time')
      .getByText(/^Waiting for the chain: .* of 30 s$/)
      .waitFor();
    await shot('faults-2-slow-node-waiting');
    await step('Cancel').click();
    await expectState('timedOut');
    await outcome()
      .getByText(/Stopped waiting/)
      .waitFor();
    await shot('faults-2-slow-node-cancelled');
    await page.waitForTimeout(8_000);
    await step('Recheck').click();
    await expectState('committed');
  });

  it('mempool 507: submitRejected with mempool_is_full', async () => {
    expectedConsole = /status of 507/;
    await edit();
    await setField('Wait timeout (seconds)', '20');
    await draftReady();
    await openChainPanel();
    await devControls().getByRole('button', { name: 'Reject next with 507' }).click();
    await devControls()
      .getByLabel('Active faults')
      .getByText(/reject next 1/)
      .waitFor();
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await expectState('submitRejected');
    await outcome().getByText('mempool_is_full', { exact: false }).first().waitFor();
    await shot('faults-3-mempool-507');
  });

  it('a wallet that never answers: the prompt waits, cancel stops signing', async () => {
    await edit();
    await draftReady();
    await step('Run all').click();
    const dialog = page.getByRole('dialog', { name: 'Sign this transaction?' });
    await dialog.waitFor({ timeout: 15_000 });
    await expectState('signing.signOnly');
    // Nobody answers; the step is cancelled from the run controls (Alt+X: the prompt covers the
    // buttons, as a wallet's window may).
    await page.keyboard.press('Alt+X');
    await expectState('simulated.success');
    // The run withdrew its request: the dev wallet's prompt closes and nothing is left to answer.
    await dialog.waitFor({ state: 'hidden' });
    // Compose says what was cancelled: the outcome card still shows the simulation.
    const notice = page.getByRole('status').filter({ hasText: 'Signing cancelled' });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toMatch(/prompt was withdrawn/);
    await shot('faults-4-wallet-silent-cancelled');
    await expectState('simulated.success');
    await expect(step('Sign').isEnabled()).resolves.toBe(true);
  });

  it('network switched mid-run: the workspace starts afresh on the new node, History keeps the run', async () => {
    await edit();
    await draftReady();
    await devControl('faults', { holdNext: 1 });
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await expectState('pending');
    const hash = await pendingHash();
    await chooseNetwork('Custom');
    const custom = page.getByRole('dialog', { name: 'Custom network' });
    await custom.getByRole('textbox', { name: 'Full node URL' }).fill(proxyUrl);
    await custom.getByRole('button', { name: 'Use this network' }).click();
    await expectState('editing');
    // Released before it expires: the stopped run's wait makes no new request, but its long poll
    // may still be under way (up to 1 s), and a dropped transaction would answer it 404.
    await devControl('mempool/release', {});
    // Compose says the last run stopped, where, and links its record.
    const notice = page.getByRole('alert').filter({ hasText: 'The last run stopped at pending' });
    await notice.getByText(hash).waitFor();
    await shot('faults-5-network-switched');
    await notice.getByRole('link', { name: 'Its record in History' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Stopped at pending, before an outcome' })
      .waitFor();
    await expect(
      page.getByRole('region', { name: 'Transitions' }).getByRole('row').last().textContent(),
    ).resolves.toMatch(/submitting\s*pending$/);
    await shot('faults-5-network-switched-history');
    await page.goto(`${inject('baseURL')}#/compose`);
    await chooseNetwork('Local (embedded chain)');
  });

  it('page reloaded mid-run: History keeps the record up to its last transition', async () => {
    await page.goto(`${inject('baseURL')}#/compose`);
    await edit();
    await draftReady();
    await devControl('faults', { holdNext: 1 });
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await expectState('pending');
    const hash = await pendingHash();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
    await page.goto(`${inject('baseURL')}#/history`);
    // The list names no hash (the run page does): find the run by the search.
    await page.getByRole('textbox', { name: 'Hash or address' }).fill(hash);
    await expect.poll(() => runsTable().getByRole('row').count()).toBe(2);
    const row = runsTable().getByRole('row').nth(1);
    await expect(row.textContent()).resolves.toContain('Pending');
    await row.getByRole('link').first().click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Stopped at pending, before an outcome' });
    await notice.getByText(hash).waitFor();
    // Every transition up to the last one before the reload: submitting → pending.
    const transitions = page.getByRole('region', { name: 'Transitions' });
    await expect(transitions.getByRole('row').last().textContent()).resolves.toMatch(
      /xstate\.done\.actor\.submitTransaction\s*submitting\s*pending$/,
    );
    await shot('faults-6-reloaded-history');
  });
});

/** A fixed recovery phrase (valid checksum) whose words are rare enough to scan for. */
const PHRASE = 'arctic live gadget display excess mandate sniff autumn people disorder affair horn';

/** Every encoding of a private key a leak could take: hex with and without 0x, AIP-80, base64. */
function keyEncodings(aip80: string): string[] {
  const key = new Ed25519PrivateKey(PrivateKey.formatPrivateKey(aip80, PrivateKeyVariants.Ed25519));
  const bytes = key.toUint8Array();
  const hex = Buffer.from(bytes).toString('hex');
  return [
    hex,
    hex.toUpperCase(),
    `0x${hex}`,
    PrivateKey.formatPrivateKey(hex, PrivateKeyVariants.Ed25519),
    Buffer.from(bytes).toString('base64'),
    Buffer.from(bytes).toString('base64url'),
    // A key cut short is still a leak: its first 16 bytes.
    hex.slice(0, 32),
  ];
}

/** Three words of the phrase in a row, anywhere, in any case or spacing. */
function phraseWindows(): RegExp[] {
  const words = PHRASE.split(' ');
  return words.slice(0, -2).map((_, i) => new RegExp(words.slice(i, i + 3).join('[\\s,"]+'), 'i'));
}

async function saveDownload(click: () => Promise<void>, name: string): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  const file = join(downloads, name);
  await (await download).saveAs(file);
  return readFileSync(file, 'utf8');
}

describe('no key material in any export or log line (dev wallet, full runs)', () => {
  const exported: Record<string, string> = {};

  it('imports a recovery phrase into the dev wallet and makes it the connected account', async () => {
    await page.goto(`${inject('baseURL')}#/compose`);
    const walletButton = page.getByRole('banner').getByRole('button', { name: /connected$/ });
    await walletButton.click();
    const panel = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await panel.getByRole('button', { name: 'Open dev wallet' }).click();
    const drawer = page.getByRole('dialog', { name: 'Workbench Dev Wallet' });
    await drawer.getByRole('button', { name: 'Import recovery phrase' }).click();
    const form = drawer.getByRole('form', { name: 'Import a recovery phrase' });
    await form.getByRole('textbox', { name: /^Recovery phrase/ }).fill(PHRASE);
    await form.getByRole('textbox', { name: /^Name/ }).fill('Scanned');
    await form.getByRole('button', { name: 'Import phrase' }).click();
    await drawer.getByRole('button', { name: 'Use Scanned as the active account' }).click();
    // Where the keys are kept, and how to delete them, is said where the keys are listed.
    await drawer.getByText(/saved in this browser \(localStorage\), unencrypted/).waitFor();
    await drawer.getByText(/clearing this site’s data in the browser deletes them all/).waitFor();
    await shot('faults-7-dev-wallet-storage');
    await page.getByRole('button', { name: 'Close the dev wallet' }).click();
    await fundFromHeader(page);
  });

  it('runs one transfer to committed and one to failed', async () => {
    await edit();
    await setField('Wait timeout (seconds)', '20');
    await draftReady();
    await step('Run all').click();
    await answerPrompt('Sign this transaction?');
    await expectState('committed');

    await step('Edit').click();
    await expectState('editing');
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'APT transfer: more than the balance' }).click();
    await draftReady();
    await step('Build').click();
    await expectState('built');
    await step('Simulate').click();
    await expectState('simulated.failure');
    await step('Sign anyway').click();
    await answerPrompt('Sign this transaction?');
    await expectState('signed');
    await step('Submit').click();
    await expectState('failed');
  });

  it('exports the trace, one run and the whole history', async () => {
    await page.goto(`${inject('baseURL')}#/visualizer`);
    exported.trace = await saveDownload(
      () => page.getByRole('button', { name: 'Export', exact: true }).click(),
      'trace.json',
    );
    await page.goto(`${inject('baseURL')}#/history`);
    await runsTable().waitFor();
    exported.history = await saveDownload(
      () => page.getByRole('button', { name: /^Export shown/ }).click(),
      'history.json',
    );
    await runsTable()
      .getByRole('row')
      .filter({ hasText: 'failed' })
      .first()
      .getByRole('link')
      .first()
      .click();
    exported.run = await saveDownload(
      () => page.getByRole('button', { name: 'Export', exact: true }).click(),
      'run.json',
    );
    // The exports hold what they should: both runs of the scanned account, and its failure.
    expect(exported.history).toContain('"committed"');
    expect(exported.history).toContain('"failed"');
    expect(exported.run).toContain('"failed"');
    expect(exported.trace.length).toBeGreaterThan(1000);
  });

  it('finds no private key (hex, 0x hex, AIP-80, base64) and no phrase words anywhere', async () => {
    const stored = await page.evaluate(() =>
      localStorage.getItem('transaction-workbench.dev-wallet.v1'),
    );
    const accounts = (JSON.parse(stored ?? '{}') as { accounts?: { privateKey: string }[] })
      .accounts;
    // Two keys: the generated account the fault journeys used, and the imported one.
    expect(accounts?.length).toBe(2);
    const needles = (accounts ?? []).flatMap((account) => keyEncodings(account.privateKey));
    const haystacks: Record<string, string> = {
      ...exported,
      console: everyConsoleLine.join('\n'),
    };
    expect(everyConsoleLine.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const [where, text] of Object.entries(haystacks)) {
      for (const needle of needles)
        if (text.includes(needle)) found.push(`${where}: key ${needle.slice(0, 6)}…`);
      for (const window of phraseWindows())
        if (window.test(text)) found.push(`${where}: phrase ${window.source}`);
    }
    expect(found).toEqual([]);
    // The runs scanned are the imported account's: its address is in the history export.
    const scanned = Account.fromDerivationPath({ mnemonic: PHRASE, path: "m/44'/637'/0'/0'/0'" });
    expect(exported.history).toContain(scanned.accountAddress.toString());
    // The scan can find: the same needles are in the wallet's own storage.
    expect(needles.some((needle) => (stored ?? '').includes(needle))).toBe(true);
  });
});

describe('a hostile on-chain string renders as text in Chromium (History, result tabs, visualizer)', () => {
  const IMG = '<img src=x onerror="window.__pwned=1">';
  const SCRIPT = '<script>window.__pwned=2</script>';
  const MODULE = `evil${IMG}`;

  /** Elements the hostile strings would make if they were parsed, and whether one ran. */
  async function injected(): Promise<{ elements: number; ran: boolean }> {
    return page.evaluate(() => ({
      elements: document.querySelectorAll('img[src="x"], img[onerror], body script').length,
      ran: '__pwned' in window,
    }));
  }

  it('imports a run whose module name, events, VM status and error carry HTML, and shows it as text', async () => {
    // The failed run exported above, made hostile where the chain and the node put strings.
    const file = JSON.parse(readFileSync(join(downloads, 'run.json'), 'utf8')) as {
      runs: Record<string, unknown>[];
    };
    const text = JSON.stringify(file.runs[0])
      .replaceAll('aptos_account', MODULE.replaceAll('"', '\\"'))
      .replaceAll('EINSUFFICIENT_BALANCE', `EINSUFFICIENT_BALANCE${SCRIPT}`)
      .replaceAll('FeeStatement', `FeeStatement${IMG.replaceAll('"', '\\"')}`);
    const run = JSON.parse(text) as Record<string, unknown>;
    run.id = 'a0a0a0a0-0000-4000-8000-000000000001';
    const hostileFile = join(downloads, 'hostile.json');
    writeFileSync(hostileFile, JSON.stringify({ ...file, runs: [run] }));

    await page.goto(`${inject('baseURL')}#/history`);
    await runsTable().waitFor();
    await page.locator('input[type="file"]').setInputFiles(hostileFile);
    await page.getByText('1 run from hostile.json').waitFor();
    const row = runsTable().getByRole('row').filter({ hasText: 'evil<img' }).first();
    await row.waitFor();
    await shot('faults-8-hostile-history-list');
    await row.getByRole('link').first().click();
    await page.getByRole('heading', { name: `0x1::${MODULE}::transfer` }).waitFor();
    await page.getByText(`EINSUFFICIENT_BALANCE${SCRIPT}`, { exact: false }).first().waitFor();
    await page.getByRole('tab', { name: /^Events/ }).click();
    await page
      .getByRole('table', { name: 'Events' })
      .getByText(`FeeStatement${IMG}`, { exact: false })
      .first()
      .waitFor();
    await expect(injected()).resolves.toEqual({ elements: 0, ran: false });
    await shot('faults-8-hostile-history-detail');

    await page.getByRole('link', { name: 'Open in the visualizer' }).click();
    // The timeline's payload search and the context of the transition that carries the draft.
    await page.getByRole('textbox', { name: 'Search payloads' }).fill('evil<img');
    await page.getByText(/^[1-9]\d* of \d+ transitions$/).waitFor();
    await page.getByRole('row').filter({ hasText: 'draft.update' }).first().click();
    // The context is JSON: the quotes inside the name are escaped there, the tag is not parsed.
    await page.waitForFunction(() =>
      document.body.innerText.includes('"function": "0x1::evil<img src=x onerror='),
    );
    await expect(injected()).resolves.toEqual({ elements: 0, ran: false });
    await shot('faults-8-hostile-visualizer');
  });
});
