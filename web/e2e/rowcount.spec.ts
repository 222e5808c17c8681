import type { Page } from '@playwright/test';
import { expect, openAs, sidewaysOverflow, test, type E2eEnv } from './fixtures';
import { LANGUAGES, ORDER_LISTS, WIDE_LISTS, envelope, page1, signInOnce } from './listCases';
import { USERS } from './users';

// Every list shows its rows on the first screen: with the info banner, the folded filter line
// and the summary above it, at least 10 rows are wholly in view at 1440x900 and 6 at 1200x800.
// The rows are 20 of the widest the contract allows (lists.spec.ts's), so a cell that wrapped
// onto a second line would push rows out of view.

const SCREENS = [
  { width: 1440, height: 900, rows: 10 },
  { width: 1200, height: 800, rows: 6 },
];
const ROWS = 20;

const counter = (env: E2eEnv) => signInOnce(env, USERS.rowCounts);

const KEYS = ['orderNo', 'ip', 'address', 'eventId', 'name', 'openId'];
/** Row `i` of `row`'s kind: its own id and its own keys (the last two characters), the rest as wide. */
function vary(row: object, i: number): object {
  const suffix = i.toString(16).padStart(2, '0');
  const copy: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(copy)) {
    if (key === 'id' && typeof value === 'number') copy.id = value * 100 + i;
    else if (key === 'tokenId' && typeof value === 'number') copy.tokenId = i + 1;
    else if (key === 'email' && typeof value === 'string') copy.email = suffix + value.slice(2);
    else if (KEYS.includes(key) && typeof value === 'string') copy[key] = value.slice(0, -2) + suffix;
  }
  return copy;
}
const many = (rows: object[]) => Array.from({ length: ROWS }, (_, i) => vary(rows[i % rows.length], i));

/** The answer of a list call with ROWS rows: a page of them, or the plain array a few lists get. */
function manyAnswer(answer: unknown): unknown {
  if (Array.isArray(answer)) return many(answer);
  const { list } = answer as { list: object[] };
  return { ...page1(many(list)), total: ROWS };
}

const LISTS = [
  ...ORDER_LISTS.map(({ name, path, call, rows }) => ({ name, path, call, answer: page1(rows()) })),
  // My logs sit under the personal page's cards: not a list screen of its own.
  ...WIDE_LISTS.filter((list) => list.path !== '/personal'),
];

/** How many rows of the list are wholly inside the window, without scrolling. */
const rowsInView = (page: Page) =>
  page.getByTestId('list-table').first().locator('tr.ant-table-row').evaluateAll((rows) =>
    rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    }).length,
  );

for (const screen of SCREENS) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });
    for (const list of LISTS) {
      test(`${list.name} shows at least ${screen.rows} rows without scrolling`, async ({ page, env }) => {
        await page.route(`**${list.call}`, (route) => route.fulfill(envelope(manyAnswer(list.answer))));
        await openAs(page, await counter(env), list.path);
        await expect(page.getByTestId('list-table').first().locator('tr.ant-table-row')).toHaveCount(ROWS);
        await page.waitForLoadState('networkidle');
        const shown = await rowsInView(page);
        expect(shown).toBeGreaterThanOrEqual(screen.rows);
      });
    }
  });
}

// On a phone an order list shows each row's amount and status without scrolling sideways, in
// every language (the other columns are a tap away, in the row's drawer); a list of cards shows
// every field of each row.
for (const lang of LANGUAGES) {
  test.describe(`in ${lang} at 390 px`, () => {
    test.use({ viewport: { width: 390, height: 844 } });
    for (const list of ORDER_LISTS) {
      test(`${list.name}: the amount and the status are in view`, async ({ page, env }) => {
        await page.route(`**${list.call}`, (route) => route.fulfill(envelope(manyAnswer(page1(list.rows())))));
        await openAs(page, await counter(env), list.path, lang);
        const row = page.getByTestId('list-table').locator('tr.ant-table-row').first();
        await expect(row).toBeVisible();
        const overflow = await page.getByTestId('list-table').locator('.ant-table-content, .ant-table-body').first().evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow, 'the table needs no sideways scroll').toBeLessThanOrEqual(0);
        for (const id of [`${list.prefix}-amount`, `${list.prefix}-status`]) {
          const box = (await row.getByTestId(id).first().boundingBox())!;
          expect(box.x >= 0 && box.x + box.width <= 390, `${id} ${JSON.stringify(box)} within 390 px`).toBe(true);
        }
      });
    }
    // A list whose rows are cards on a phone shows every field of every row, whole, in the screen.
    for (const list of WIDE_LISTS.filter((wide) => wide.phoneCells)) {
      test(`${list.name}: each row is a card with every field in view`, async ({ page, env }) => {
        await page.route(`**${list.call}`, (route) => route.fulfill(envelope(list.answer)));
        await openAs(page, await counter(env), list.path, lang);
        const table = page.getByTestId('list-table');
        const rows = table.locator('tr.ant-table-row');
        await expect(rows).toHaveCount((list.answer as { list: object[] }).list.length);
        expect(await sidewaysOverflow(page, table), 'nothing scrolls sideways or reaches past the screen').toEqual([]);
        for (const row of await rows.all()) {
          for (const id of list.phoneCells!) {
            const cell = row.getByTestId(id).first();
            await expect(cell, id).toBeVisible();
            const box = (await cell.boundingBox())!;
            expect(box.x >= 0 && box.x + box.width <= 390, `${id} ${JSON.stringify(box)} within 390 px`).toBe(true);
            expect(await cell.evaluate((element) => element.scrollWidth - element.clientWidth), `${id} shows whole, not cut`).toBeLessThanOrEqual(0);
          }
        }
      });
    }
  });
}
