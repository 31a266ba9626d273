import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { TEST_PASSWORD, TestApp, type TestAppOptions } from './test-app';

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

async function openBrowser(options: BrowserContextOptions): Promise<TestBrowser> {
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

/**
 * The browser of a describe block (from `appInBrowserForSuite`): opened in the block's `beforeAll` on the app's
 * address, `base`; with the steps the browser tests share.
 */
export class SuiteBrowser implements TestBrowser {
  private opened?: { browser: TestBrowser; base: string };

  private get it(): { browser: TestBrowser; base: string } {
    if (!this.opened) throw new Error('The browser is not open yet: use it in a hook or a test.');
    return this.opened;
  }

  /** The app's address: `http://127.0.0.1:<port>`. */
  get base(): string {
    return this.it.base;
  }

  get context(): BrowserContext {
    return this.it.browser.context;
  }

  get page(): Page {
    return this.it.browser.page;
  }

  get problems(): string[] {
    return this.it.browser.problems;
  }

  async open(base: string, options: BrowserContextOptions): Promise<void> {
    this.opened = { browser: await openBrowser(options), base };
  }

  screenshot(name: string): Promise<void> {
    return this.it.browser.screenshot(name);
  }

  async close(): Promise<void> {
    await this.opened?.browser.close();
  }

  /** Logs `email` in with the test password, from a session of its own, and waits for the dashboard. */
  async logIn(email: string): Promise<void> {
    await this.context.clearCookies();
    await this.page.goto(`${this.base}/login`);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(TEST_PASSWORD);
    await this.page.getByRole('button', { name: 'Log in' }).click();
    await this.page.waitForURL(`${this.base}/dashboard`);
  }

  /** axe-core's serious and critical violations of the page as it is, as `rule: target` lines. */
  async axeProblems(): Promise<string[]> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }

  /**
   * `path` at 1280 and 375 px: no serious or critical axe violation, nothing wider than the screen; screenshots
   * `<name>-<width>.png`. The viewport stays at the last width.
   */
  async expectFitsWidths(name: string, path: string): Promise<void> {
    for (const width of WIDTHS) {
      await this.page.setViewportSize({ width, height: 900 });
      await this.page.goto(`${this.base}${path}`);
      await this.page.waitForLoadState('networkidle');
      expect({ path, width, problems: await this.axeProblems() }).toEqual({ path, width, problems: [] });
      const scrollWidth = await this.page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ path, width, scrollWidth: Math.min(scrollWidth, width) }).toEqual({ path, width, scrollWidth });
      await this.screenshot(`${name}-${width}.png`);
    }
  }

  /** Clicks the copy button named `buttonName` and reads back what it put on the clipboard. */
  async copied(buttonName: string): Promise<string> {
    const button = this.page.getByRole('button', { name: buttonName, exact: true });
    const target = await button.getAttribute('data-copy');
    await button.click();
    await this.page.locator(`[data-copy="${target}"]`, { hasText: 'Copied' }).waitFor();
    return this.page.evaluate<string>('navigator.clipboard.readText()');
  }

  /** Clicks `button` in the dialog named `dialog` (a confirmation). */
  async confirm(dialog: string, button: string): Promise<void> {
    await this.page.getByRole('dialog', { name: dialog }).getByRole('button', { name: button }).click();
  }
}

/** The widths every page is checked at: a desktop and a small phone. */
export const WIDTHS = [1280, 375] as const;

/**
 * The test app of a describe block listening on 127.0.0.1 (as `testAppForSuite(env, options)` makes it) and a
 * browser opened on it with `contextOptions`: both made in the block's `beforeAll` (with `options.timeout`), closed
 * in its `afterAll`.
 */
export function appInBrowserForSuite(
  env: Record<string, string> | (() => Record<string, string>),
  contextOptions: BrowserContextOptions,
  options: TestAppOptions & { timeout?: number } = {},
): { t: TestApp; browser: SuiteBrowser } {
  const t = new TestApp();
  const browser = new SuiteBrowser();
  beforeAll(async () => {
    await t.start(typeof env === 'function' ? env() : env, options);
    await browser.open(await t.listen(), contextOptions);
  }, options.timeout);
  afterAll(async () => {
    await browser.close();
    await t.close();
  });
  return { t, browser };
}
