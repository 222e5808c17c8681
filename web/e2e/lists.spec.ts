import type { Locator, Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';
import { BIG, EVM, LANGUAGES, NAME, ORDER_LISTS, REMARK, WIDE_LISTS, asset, at, envelope, lister, page1, serveRows, widthsIn, type WideList } from './listCases';

// Every list of the list kit at the widths staff work at, in each of the console's languages (in
// Chinese at the tighter width, widthsIn): the order number, the amount with its token, the
// status and the row's actions are inside the visible table without scrolling sideways (nor
// under the sticky Actions column); a failed load shows an error with Retry.
//
// The rows are the widest the contract allows (19-character order numbers, 15 whole digits and
// 6 decimals, the longest status), served in place of the list call, so the check holds for any
// merchant's data, not only for what the shared server happens to hold.


type Box = { x: number; y: number; width: number; height: number };
const inside = (cell: Box, table: Box) => cell.x >= table.x - 0.5 && cell.x + cell.width <= table.x + table.width + 0.5;

/** The table's visible box, and whether it would need a horizontal scroll. */
async function tableView(page: Page, row?: Locator) {
  const table = row ? page.getByTestId('list-table').filter({ has: row }) : page.getByTestId('list-table');
  const container = table.locator('.ant-table-container');
  const box = (await container.boundingBox())!;
  const overflow = await table
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  return { box, overflow };
}

/** Each language at its widths (widthsIn): a describe block whose title names both. */
function inEachLanguageAndWidth(body: (lang: string) => void) {
  for (const lang of LANGUAGES) {
    for (const width of widthsIn(lang)) {
      test.describe(`in ${lang} at ${width} px`, () => {
        test.use({ viewport: { width, height: 900 } });
        body(lang);
      });
    }
  }
}

inEachLanguageAndWidth((lang) => {
  for (const list of ORDER_LISTS) {
    test(`${list.name}: order number, amount with token, status and actions are in view`, async ({ page, env }) => {
      const rows = list.rows();
      await serveRows(page, list.call, rows);
      await openAs(page, await lister(env), list.path, lang);
      const row = page.getByTestId(list.rowId(rows[0] as { orderNo: string }));
      await expect(row).toBeVisible();
      const { box, overflow } = await tableView(page);
      expect(overflow, 'no horizontal scroll needed').toBeLessThanOrEqual(0);
      const cells = {
        orderNo: row.getByTestId(`${list.prefix}-order-no`),
        amount: row.getByTestId(`${list.prefix}-amount`),
        symbol: row.getByTestId(`${list.prefix}-amount-symbol`),
        status: row.getByTestId(`${list.prefix}-status`),
        action: row.getByTestId(list.action),
      };
      await expect(cells.amount).toHaveAttribute('data-amount', BIG);
      await expect(cells.symbol).toHaveText('USDT');
      for (const [name, cell] of Object.entries(cells)) {
        const cellBox = (await cell.boundingBox())!;
        expect(inside(cellBox, box), `${name} ${JSON.stringify(cellBox)} inside ${JSON.stringify(box)}`).toBe(true);
      }
      // Nothing is cut under the sticky Actions column.
      const amountBox = (await cells.amount.boundingBox())!;
      const actionsCell = (await row.locator('td').last().boundingBox())!;
      expect(amountBox.x + amountBox.width).toBeLessThanOrEqual(actionsCell.x + 0.5);
      // What the screen is for: Orders' business fields, Transactions' chain fields, the queue's target address.
      for (const id of list.purposeCells) {
        await expect(row.getByTestId(id)).toBeVisible();
        const cellBox = (await row.getByTestId(id).boundingBox())!;
        expect(inside(cellBox, box), `${id} ${JSON.stringify(cellBox)} in view`).toBe(true);
      }
    });
  }
});

for (const list of ORDER_LISTS) {
  test(`${list.name}: a failed load shows the error with Retry, and Retry recovers`, async ({ page, env }) => {
    let failing = true;
    const rows = list.rows();
    await page.route(`**${list.call}`, (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }) : route.fulfill(envelope({ list: rows, total: rows.length })),
    );
    await openAs(page, await lister(env), list.path);
    const table = page.getByTestId('list-table');
    await expect(table.getByTestId('list-error')).toBeVisible();
    await expect(table.getByText('The list could not be loaded')).toBeVisible();
    await expect(table.getByText('No data', { exact: true })).toHaveCount(0);
    failing = false;
    await table.getByTestId('list-retry').click();
    await expect(page.getByTestId(list.rowId(rows[0] as { orderNo: string }))).toBeVisible();
    await expect(table.getByTestId('list-error')).toHaveCount(0);
  });
}


async function expectInView(page: Page, list: WideList) {
  const row = page.getByTestId(list.row);
  await expect(row).toBeVisible();
  const { box, overflow } = await tableView(page, row);
  expect(overflow, 'no horizontal scroll needed').toBeLessThanOrEqual(0);
  // The sticky Actions column (when there is one) covers none of the other cells.
  const pinned = row.locator('td.ant-table-cell-fix-right');
  const pinnedBox = (await pinned.count()) > 0 ? await pinned.first().boundingBox() : null;
  for (const id of list.cells) {
    const cell = row.getByTestId(id).first();
    await expect(cell, id).toBeVisible();
    const cellBox = (await cell.boundingBox())!;
    expect(inside(cellBox, box), `${id} ${JSON.stringify(cellBox)} inside ${JSON.stringify(box)}`).toBe(true);
    const inPinned = await cell.evaluate((element) => element.closest('td.ant-table-cell-fix-right') !== null);
    if (pinnedBox && !inPinned) expect(cellBox.x + cellBox.width, `${id} clear of the Actions column`).toBeLessThanOrEqual(pinnedBox.x + 0.5);
  }
}

inEachLanguageAndWidth((lang) => {
  for (const list of WIDE_LISTS) {
    test(`${list.name}: the main cells of the widest row are in view`, async ({ page, env }) => {
      await page.route(`**${list.call}`, (route) => route.fulfill(envelope(list.answer)));
      await openAs(page, await lister(env), list.path, lang);
      await expectInView(page, list);
    });
  }
});

// Token detail's tables: cold addresses and the merchant's deposit addresses (Address tab), the
// cold-address requests (Request tab), each with the widest rows.
const COLD_SHARES = ['0.2', '0.2', '0.2', '0.2', '0.2'];
const DETAIL_CALLS: Record<string, unknown> = {
  '/api/partner/asset/list': [asset],
  '/api/partner/asset/pageAddressCold': page1([{ id: 1, assetId: 9, chainId: 1337, chainname: 'Devchain', tokenId: 1, symbol: 'USDT', address: EVM, ratio: '0.3333', createtime: at }]),
  '/api/partner/address/pagelist': page1([{ id: 999_007, chainId: 1337, chainname: 'Devchain', openId: 'W'.repeat(64), address: EVM, remark: REMARK, createtime: at }]),
  '/api/partner/token/request/getTokenRequests': page1([
    {
      id: 999_008, assetId: 9, chainId: 1337, chainname: 'Devchain', tokenId: 1, symbol: 'USDT',
      coldAddresses: COLD_SHARES.map((ratio, index) => ({ address: EVM.slice(0, -1) + index, ratio })),
      status: 0, applyStatus: 2, reason: REMARK, createtime: at, reviewtime: at,
    },
  ]),
};
const DETAIL_TABLES = [
  { tab: 'address', row: `cold-row-${EVM}`, cells: ['cold-address', 'cold-ratio'] },
  { tab: 'address', row: `detail-deposit-row-${'W'.repeat(64)}`, cells: ['detail-deposit-openid', 'detail-deposit-address'] },
  { tab: 'request', row: 'request-row-999008', cells: ['request-address', 'request-status', 'request-apply-status'] },
];

inEachLanguageAndWidth((lang) => {
  test(`Token › Token detail: the main cells of its tables' widest rows are in view`, async ({ page, env }) => {
    for (const [call, answer] of Object.entries(DETAIL_CALLS)) await page.route(`**${call}`, (route) => route.fulfill(envelope(answer)));
    await openAs(page, await lister(env), '/token/token-detail?id=9', lang);
    for (const table of DETAIL_TABLES) {
      await page.getByTestId(`detail-tab-${table.tab}`).click();
      await expectInView(page, { name: table.row, path: '', call: '', answer: null, ...table });
    }
  });
});

test('a secondary column switched on in Columns shows, and stays on after a reload', async ({ page, env }) => {
  const accounts = WIDE_LISTS[0];
  await page.route(`**${accounts.call}`, (route) => route.fulfill(envelope(accounts.answer)));
  await openAs(page, await lister(env), accounts.path);
  const row = page.getByTestId(accounts.row);
  await expect(row.getByTestId('account-email')).toBeVisible();
  await expect(row.getByTestId('account-nickname')).toHaveCount(0);
  await page.getByTestId('list-columns').click();
  await page.getByTestId('list-column-username').click();
  await expect(row.getByTestId('account-nickname')).toHaveText(NAME);
  await page.reload();
  await expect(page.getByTestId(accounts.row).getByTestId('account-nickname')).toHaveText(NAME);
});

// Every list on the kit: a failed load shows the error with Retry, which recovers (with the rows
// the shared server holds).
const OTHER_LISTS = WIDE_LISTS.map(({ name, path, call }) => ({ name, path, call }));

for (const list of OTHER_LISTS) {
  test(`${list.name}: a failed load shows the error with Retry, and Retry recovers`, async ({ page, env }) => {
    let failing = true;
    await page.route(`**${list.call}`, (route) => (failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }) : route.fallback()));
    await openAs(page, await lister(env), list.path);
    const table = page.getByTestId('list-table');
    await expect(table.getByTestId('list-error')).toBeVisible();
    await expect(table.getByText('No data', { exact: true })).toHaveCount(0);
    failing = false;
    const answered = page.waitForResponse(`**${list.call}`);
    await table.getByTestId('list-retry').click();
    expect((await answered).status()).toBe(200);
    await expect(table.getByTestId('list-error')).toHaveCount(0);
  });
}
