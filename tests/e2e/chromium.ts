import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; `npx playwright install` cannot download browsers here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** The message shown when the browser is missing: what is wrong and the command that fixes it. */
export function missingChromiumMessage(path: string): string {
  return (
    `Browser tests need Debian's Chromium at ${path}, and it is not there.\n` +
    'Install it with:  apt-get update && apt-get install -y chromium\n' +
    '(or point CHROMIUM_PATH at another Chromium binary).'
  );
}

/** Throws with install instructions when Chromium is missing. */
export function assertChromiumInstalled(path: string = chromiumPath): void {
  if (!existsSync(path)) throw new Error(missingChromiumMessage(path));
}

/** Everything a page reported that a user would count as broken. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  /** Requests that left the machine: the app must load nothing from the network. */
  externalRequests: string[];
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
  close: () => Promise<void>;
}

function isLocal(url: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return true;
  const { hostname } = new URL(url);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/**
 * Launches Chromium with a fresh profile and one page whose console errors, page errors, failed
 * requests and non-local requests are collected into `problems`.
 */
export async function openBrowser(): Promise<BrowserSession> {
  assertChromiumInstalled();
  const userDataDir = mkdtempSync(join(tmpdir(), 'workbench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags],
    viewport: { width: 1280, height: 800 },
  });
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    externalRequests: [],
  };
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    // Cancelled, not failed: a reload or navigation drops what was in flight (the favicon, a
    // ledger poll). Refused connections, timeouts and HTTP errors still count.
    if (error === 'net::ERR_ABORTED') return;
    problems.failedRequests.push(`${request.url()} ${error}`);
  });
  page.on('request', (request) => {
    if (!isLocal(request.url())) problems.externalRequests.push(request.url());
  });
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Funds the connected account with 1 APT (the form's default) from the one wallet entry point in
 * the header, and closes the wallet panel again.
 */
export async function fundFromHeader(page: Page): Promise<void> {
  const walletButton = page.getByRole('banner').getByRole('button', { name: /connected$/ });
  await walletButton.click();
  const walletPanel = page.getByRole('dialog', { name: 'Wallet', exact: true });
  await walletPanel.getByRole('button', { name: 'Fund', exact: true }).click();
  await walletPanel.getByText('Funded 1 APT (100,000,000 octas)').waitFor({ timeout: 20_000 });
  await walletButton.click();
  await walletPanel.waitFor({ state: 'hidden' });
}

/** What a journey that went well leaves in {@link BrowserSession.problems}. */
export const NO_PROBLEMS: PageProblems = {
  consoleErrors: [],
  pageErrors: [],
  failedRequests: [],
  externalRequests: [],
};

/**
 * Hands over what the page reported since the last call and starts afresh (each journey's
 * `afterEach`). `allow.console` and `allow.failed` drop the lines a journey rehearses on purpose
 * (e.g. Chromium's "Failed to load resource" for a node's 400).
 */
export function takeProblems(
  session: BrowserSession,
  allow: { console?: (text: string) => boolean; failed?: (line: string) => boolean } = {},
): PageProblems {
  const { problems } = session;
  const snapshot: PageProblems = {
    consoleErrors: problems.consoleErrors.filter((text) => !allow.console?.(text)),
    pageErrors: problems.pageErrors,
    failedRequests: problems.failedRequests.filter((line) => !allow.failed?.(line)),
    externalRequests: problems.externalRequests,
  };
  problems.consoleErrors = [];
  problems.pageErrors = [];
  problems.failedRequests = [];
  problems.externalRequests = [];
  return snapshot;
}

/** A full-page screenshot in test-results/ when the journey just run failed. */
export async function screenshotIfFailed(
  page: Page,
  prefix: string,
  task: { name: string; result?: { state?: string } },
): Promise<void> {
  if (task.result?.state !== 'fail') return;
  await page.screenshot({
    path: `test-results/${prefix}-failed-${task.name.replace(/\W+/g, '-').slice(0, 40)}.png`,
    fullPage: true,
  });
}
