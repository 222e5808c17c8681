import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiSignIn, type Session } from './api';

// Shared helpers for the specs: the server started by global-setup.ts, sessions, sizes.

export interface E2eEnv {
  baseURL: string;
  dataDir: string;
  shared: Session;
  /** Admin (admin role) of the second merchant registered by the global setup. */
  owner: Session;
}

function readEnv(): E2eEnv {
  const baseURL = process.env.COFFER_E2E_BASE_URL;
  const dataDir = process.env.COFFER_E2E_DATA_DIR;
  const shared = process.env.COFFER_E2E_SHARED_SESSION;
  const owner = process.env.COFFER_E2E_OWNER_SESSION;
  if (!baseURL || !dataDir || !shared || !owner) throw new Error('e2e environment missing: run through `npm run e2e`');
  return { baseURL, dataDir, shared: JSON.parse(shared) as Session, owner: JSON.parse(owner) as Session };
}

/** A console error or an uncaught error in a page, with the route it happened on. */
interface BrowserProblem {
  text: string;
  /** For Chromium's own network log: the resource that failed to load. */
  resource?: string;
}

/** What a test's browser contexts reported, and the failing answers the test itself made up. */
class BrowserErrors {
  private readonly problems: BrowserProblem[] = [];
  private readonly pending: Promise<void>[] = [];
  private readonly madeUp = new Set<string>();

  watch(context: BrowserContext): void {
    const where = (page: Page | null) => (page ? new URL(page.url()).hash || page.url() : '?');
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `console error at ${where(message.page())}: ${message.text()}`;
      const network = message.text().startsWith('Failed to load resource:');
      this.problems.push({ text, resource: network ? message.location().url : undefined });
    });
    context.on('weberror', (error) => this.problems.push({ text: `page error at ${where(error.page())}: ${error.error().message}` }));
    // An answer no server sent (no server address) is a test's route.fulfill.
    context.on('response', (response) => {
      if (response.status() < 400) return;
      this.pending.push(
        response
          .serverAddr()
          .then((address) => {
            if (address === null) this.madeUp.add(response.url());
          })
          .catch(() => undefined), // the page closed first: its line, if any, stays a problem
      );
    });
  }

  async found(): Promise<string[]> {
    await Promise.all(this.pending);
    // Chromium logs every failing HTTP answer itself ("Failed to load resource: ... status of
    // 502"). Coffer answers every API call with 200 (docs/api.md), so such a line is a bug
    // unless the test made that answer up to show how the console copes: only those are let pass.
    return this.problems.filter((problem) => !(problem.resource && this.madeUp.has(problem.resource))).map((problem) => problem.text);
  }
}

export const test = base.extend<{
  env: E2eEnv;
  /** A page in a browser context of its own (another user), watched like `page`; closed after the test. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  browserErrors: BrowserErrors;
}>({
  baseURL: async ({}, use) => use(readEnv().baseURL),
  env: async ({}, use) => use(readEnv()),
  // Every test fails on a console error or an uncaught error in any page it opened: a dialog's
  // unhandled rejection or a React warning is a bug even when the screen looks right. The only
  // lines let pass are Chromium's log of failing answers the test made up itself (see found()).
  browserErrors: [
    async ({}, use) => {
      const errors = new BrowserErrors();
      await use(errors);
      expect(await errors.found(), 'browser console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, browserErrors }, use) => {
    browserErrors.watch(context);
    await use(context);
  },
  newPage: async ({ browser, browserErrors, locale, timezoneId }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({
        baseURL: readEnv().baseURL,
        viewport: { width: 1440, height: 900 },
        locale,
        timezoneId,
        ...options,
      });
      browserErrors.watch(context);
      opened.push(context);
      return context.newPage();
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});
export { expect };

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Puts a session into localStorage exactly as the console stores it, then opens `hashPath`. */
export async function openAs(page: Page, session: Session, hashPath = '/', lang = 'en'): Promise<void> {
  await page.goto('/#/login');
  await page.evaluate(
    ({ session, lang }) => {
      const { sessionCode, ...profile } = session;
      localStorage.clear();
      localStorage.setItem('coffer.token', sessionCode);
      localStorage.setItem('coffer.session', JSON.stringify(profile));
      localStorage.setItem('coffer.lang', lang);
    },
    { session, lang },
  );
  // Leave the document first: a hash-only change would keep the running app and its state.
  await page.goto('about:blank');
  await page.goto(`/#${hashPath}`);
}

export async function signInAs(env: E2eEnv, user: { email: string; password: string }): Promise<Session> {
  return apiSignIn(env.baseURL, env.dataDir, user.email, user.password);
}

export const hashPath = (page: Page): string => new URL(page.url()).hash.replace(/^#/, '') || '/';

/** The sidebar's rendered width once its collapse transition has settled. */
export async function sidebarWidth(page: Page): Promise<number> {
  const sidebar = page.getByTestId('sidebar');
  let last = -1;
  for (let i = 0; i < 20; i += 1) {
    // getBoundingClientRect, not boundingBox(): a 0-wide sidebar counts as invisible for the latter.
    const width = Math.round(await sidebar.evaluate((element) => element.getBoundingClientRect().width));
    if (width === last) return width;
    last = width;
    await page.waitForTimeout(150);
  }
  return last;
}

/** The one visible antd toast (maxCount 1). */
export const toastText = (page: Page) => page.locator('.ant-message-notice-content').last();

/** Lets route fades (500 ms) and dropdown animations finish, so screenshots show the real page. */
export async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(700);
}

/**
 * Answers the open confirmation dialog with `button` once it has finished appearing: antd drops
 * a click made during the dialog's opening animation, so an instant click would be lost.
 */
export async function answerConfirm(page: Page, button: 'Sure' | 'Cancel'): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await confirm.getByRole('button', { name: button }).click();
}

/** Switches every column of the list on in its column settings (the list kit), then closes them. */
export async function showAllColumns(page: Page): Promise<void> {
  await page.getByTestId('list-columns').click();
  await page.getByTestId('list-columns-all').click();
  await page.getByTestId('list-columns').click();
}

/**
 * What in `area` makes a phone scroll sideways: the page itself wider than the window, any
 * element inside (or the area) that scrolls sideways, and any cell (`td`) reaching past the
 * window's edges or cut (its text wider than its box). Empty when the area fits the screen.
 */
export async function sidewaysOverflow(page: Page, area: Locator): Promise<string[]> {
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const inside = await area.evaluate((root) => {
    const found: string[] = [];
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}`;
    for (const element of [root, ...root.querySelectorAll('*')]) {
      const { overflowX } = getComputedStyle(element);
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth) found.push(`${name(element)} scrolls ${element.scrollWidth - element.clientWidth} px`);
    }
    for (const cell of root.querySelectorAll('td')) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue; // a column left out on a phone
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) found.push(`${name(cell)} at ${Math.round(box.left)}..${Math.round(box.right)} of ${window.innerWidth}`);
      if (cell.scrollWidth > cell.clientWidth) found.push(`${name(cell)} cut: ${cell.scrollWidth} px in ${cell.clientWidth}`);
    }
    return found;
  });
  return pageOverflow > 0 ? [`the page scrolls ${pageOverflow} px`, ...inside] : inside;
}
