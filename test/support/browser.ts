import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { createTestApp, type TestApp } from './test-app';

/**
 * The browser of the browser tests: Debian's Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`) driven by
 * playwright-core, headless, in a profile of its own that `close()` removes. Use with
 * `describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)` (test/support/skip.ts): skipped saying why outside CI, failing in CI.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const NEEDS_CHROMIUM = `needs Chromium at ${CHROMIUM} (\`apt-get install chromium\`, which .ci/run does, or CHROMIUM_PATH)`;

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

const ROOT = join(__dirname, '..', '..');

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Every script error and console error of our pages (a 401, how a logged-out visitor is told to log in, aside). */
  problems: string[];
  /**
   * A full-page screenshot to docs/screenshots/<name> and test-results/<name>, only when asked for with
   * SAVE_SCREENSHOTS=1 (taking them costs seconds a page; no test reads them).
   */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function openBrowser(options: BrowserContextOptions): Promise<TestBrowser> {
  const { chromium } = await import('playwright-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'linkconv-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) {
      problems.push(`console error: ${message.text()} at ${message.location().url}`);
    }
  });
  return {
    context,
    page,
    problems,
    async screenshot(name) {
      if (!process.env.SAVE_SCREENSHOTS) return;
      for (const dir of ['test-results', 'docs/screenshots']) {
        mkdirSync(join(ROOT, dir), { recursive: true });
        await page.screenshot({ path: join(ROOT, dir, name), fullPage: true });
      }
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** What a browser test starts with: the app listening on a random 127.0.0.1 port, its address, and a browser. */
export interface AppInBrowser {
  t: TestApp;
  base: string;
  browser: TestBrowser;
  page: Page;
}

/** `createTestApp(env)` listening on 127.0.0.1 and a browser opened with `options`; close both in `afterAll`. */
export async function openAppInBrowser(
  env: Record<string, string>,
  options: BrowserContextOptions,
): Promise<AppInBrowser> {
  const t = await createTestApp(env);
  const base = await t.listen();
  const browser = await openBrowser(options);
  return { t, base, browser, page: browser.page };
}
