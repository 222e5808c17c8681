import type { Locator, Page, Route } from '@playwright/test';
import { depositRow } from '../src/test/deposits';
import { withdrawalRow } from '../src/test/withdrawals';
import type { Session } from './api';
import { expect, openAs, signInAs, test, type E2eEnv } from './fixtures';
import { USERS } from './users';

// Every list of the list kit at the widths staff work at: the order number, the amount with its
// token, the status and the row's actions are inside the visible table without scrolling
// sideways (nor under the sticky Actions column); a failed load shows an error with Retry.
//
// The rows are the widest the contract allows (19-character order numbers, 15 whole digits and
// 6 decimals, the longest status), served in place of the list call, so the check holds for any
// merchant's data, not only for what the shared server happens to hold.

const WIDTHS = [1440, 1200];

/** One sign-in for the whole file (one login code per e-mail per 60 s). */
let signedIn: Promise<Session> | null = null;
const lister = (env: E2eEnv) => (signedIn ??= signInAs(env, USERS.lists));
const BIG = '123456789012345.123456';

interface ListCase {
  name: string;
  path: string;
  /** The list call the screen makes. */
  call: string;
  rows: () => object[];
  /** Test id prefix of the cells: `deposit`, `wd`. */
  prefix: string;
  rowId: (row: { orderNo: string }) => string;
  /** A cell of the row's actions column. */
  action: string;
}

const deposits = () => [depositRow(1, { orderNo: 'D202611220000000001', amount: BIG, status: 7 })];
const transactions = () => [
  { ...withdrawalRow(1, { orderNo: 'W202611220000000001', amount: BIG, status: 10 }), type: 2 },
  { ...depositRow(1, { orderNo: 'D202611220000000001', amount: BIG, status: 7 }), type: 1 },
];
const withdrawals = (status: 1 | 7 | 10) => () => [
  withdrawalRow(1, { orderNo: 'W202611220000000001', amount: BIG, status, reason: status === 10 ? 'insufficient funds' : '' }),
];

const ORDER_LISTS: ListCase[] = [
  { name: 'Orders › Deposit', path: '/orders/deposit', call: '/api/partner/deposit/pageTx', rows: deposits, prefix: 'deposit', rowId: (r) => `deposit-row-${r.orderNo}`, action: 'deposit-detail-open' },
  { name: 'Transactions › Deposit list', path: '/transactions/deposit-list', call: '/api/partner/deposit/pageTx', rows: deposits, prefix: 'deposit', rowId: (r) => `deposit-row-${r.orderNo}`, action: 'deposit-detail-open' },
  { name: 'Transactions › Transaction list', path: '/transactions/transaction-list', call: '/api/partner/user/pageTx', rows: transactions, prefix: 'tx', rowId: (r) => `tx-row-${r.orderNo}`, action: 'tx-detail-open' },
  { name: 'Orders › Withdraw', path: '/orders/withdraw', call: '/api/partner/withdraw/pageTx', rows: withdrawals(10), prefix: 'wd', rowId: (r) => `wd-row-${r.orderNo}`, action: 'wd-detail-open' },
  { name: 'Transactions › Withdraw list', path: '/transactions/withdraw-list', call: '/api/partner/withdraw/pageTx', rows: withdrawals(7), prefix: 'wd', rowId: (r) => `wd-row-${r.orderNo}`, action: 'wd-detail-open' },
  // The review queue: Pass / Reject next to the amount and the target address.
  { name: 'Transactions › Withdraw check', path: '/transactions/withdraw-check', call: '/api/partner/withdraw/pageTx', rows: withdrawals(1), prefix: 'wd', rowId: (r) => `wd-row-${r.orderNo}`, action: 'wd-reject' },
];

const envelope = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'success', data }) });

async function serveRows(page: Page, call: string, rows: object[]) {
  await page.route(`**${call}`, (route: Route) => route.fulfill(envelope({ list: rows, total: rows.length })));
}

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

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const list of ORDER_LISTS) {
      test(`${list.name}: order number, amount with token, status and actions are in view`, async ({ page, env }) => {
        const rows = list.rows();
        await serveRows(page, list.call, rows);
        await openAs(page, await lister(env), list.path);
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
        if (list.prefix === 'wd') {
          await expect(row.getByTestId('wd-to')).toBeVisible();
          const toBox = (await row.getByTestId('wd-to').boundingBox())!;
          expect(inside(toBox, box), 'the target address is in view').toBe(true);
        }
      });
    }
  });
}

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

// The other lists on the kit. Their rows are the widest the contract allows (docs/api.md and the
// server's checks): e-mails of 254 characters, names of 32, remarks of 100, log targets of 120,
// user agents of 255, OpenIDs of 64, IPv6 addresses of 39, EVM addresses of 42, event ids of
// `evt_` + 24 hex digits, 19-character order numbers, amounts of 15 whole digits.
const at = '2026-11-22T07:00:00Z';
const EMAIL = `${'w'.repeat(64)}@${'w'.repeat(63)}.${'w'.repeat(63)}.${'w'.repeat(50)}.example.com`; // 254
const NAME = 'W'.repeat(32);
const REMARK = 'W'.repeat(100);
const IPV6 = '8888:dddd:8888:dddd:8888:dddd:8888:dddd';
const EVM = '0xDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDd';
const AGENT = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${'W'.repeat(140)}`.slice(0, 255);
const EVENT_ID = `evt_${'d'.repeat(24)}`;
const ORDER_NO = 'W202611220000000001';

interface WideList {
  name: string;
  path: string;
  /** The list call and its answer. */
  call: string;
  answer: unknown;
  row: string;
  /** Test ids of the cells that must be in view: what identifies the row, its amount, its status, its actions. */
  cells: string[];
}

const page1 = (rows: object[]) => ({ list: rows, total: rows.length });
const asset = {
  id: 9, chainId: 1337, tokenId: 1, chainname: 'Devchain', chainsymbol: 'DEV', symbol: 'USDT', symbol_price: '1', decimals: 6, contract: EVM,
  status: 1, paymentAddress: EVM, collect: {}, risk: {}, coldAddresses: [], coldStatus: 0, applyStatus: 0, createtime: at,
};
const operation = {
  id: 1, email: EMAIL, action: '/api/partner/account/resetPassword', actionName: { en: 'Unbind Google authenticator', 'zh-CN': '解绑谷歌验证器', 'zh-HK': '解綁谷歌驗證器' },
  target: 'W'.repeat(119) + '…', before: '', after: '{}', ip: IPV6, userAgent: AGENT, result: 'failure', code: 10422, createtime: at,
};

const WIDE_LISTS: WideList[] = [
  {
    name: 'Account › Account list', path: '/account/account-list', call: '/api/partner/account/page',
    answer: page1([{ id: 999_001, email: EMAIL, username: NAME, roleId: 2, roleName: NAME, status: 2, bindGoogle: true, createtime: at, lastLoginTime: at }]),
    row: `account-row-${EMAIL}`, cells: ['account-email', 'account-role', 'account-status', 'account-edit', 'account-reset-password', 'account-delete'],
  },
  {
    name: 'Account › Role list', path: '/account/role-list', call: '/api/partner/role/page',
    answer: page1([{ id: 999_002, name: NAME, isAdmin: false, menuIds: [], userCount: 99 }]),
    row: `role-row-${NAME}`, cells: ['role-name', 'role-edit', 'role-delete'],
  },
  {
    name: 'Account › IP list', path: '/account/ip-list', call: '/api/partner/ipConfigs/getPartnerIps',
    answer: page1([{ id: 999_003, ip: IPV6, remark: REMARK, status: 0, applyStatus: 0, createtime: at, reviewtime: null }]),
    row: `ip-row-${IPV6}`, cells: ['ip-address', 'ip-apply-status', 'ip-status', 'ip-delete'],
  },
  {
    name: 'System › Whitelist', path: '/system/whitelist', call: '/api/partner/allowips',
    answer: [{ ip: IPV6, createtime: at }],
    row: `whitelist-row-${IPV6}`, cells: ['whitelist-ip'],
  },
  {
    name: 'System › Blacklist', path: '/system/blacklist', call: '/api/partner/address/black/list',
    answer: page1([{ id: 999_004, chainId: 1337, chainname: 'Devchain', address: EVM, remark: REMARK, createtime: at }]),
    row: 'blacklist-row-999004', cells: ['blacklist-address', 'blacklist-delete'],
  },
  {
    name: 'Token › Token list', path: '/token/list', call: '/api/partner/asset/list',
    answer: [asset],
    row: 'asset-row-1337-1', cells: ['asset-status-switch', 'asset-payment-address', 'asset-cold-status', 'asset-apply-status', 'asset-detail', 'asset-edit'],
  },
  {
    name: 'Token › Wallet address', path: '/token/wallet-address', call: '/api/partner/address/pagelist',
    answer: page1([{ id: 999_005, chainId: 1337, chainname: 'Devchain', openId: 'W'.repeat(64), address: EVM, remark: REMARK, createtime: at }]),
    row: `deposit-row-1337-${'W'.repeat(64)}`, cells: ['deposit-openid', 'deposit-address', 'deposit-remark-edit'],
  },
  {
    name: 'Token › Set (hot wallets)', path: '/token/set', call: '/api/v2/partner/hotwallet/page_list',
    answer: page1([
      {
        id: 999_006, chainId: 1337, chainname: 'Devchain', chainsymbol: 'DEV', address: EVM, status: 1, remark: REMARK, balanceError: false, createtime: at,
        balances: [{ tokenId: null, symbol: 'DEV', amount: BIG }, { tokenId: 1, symbol: 'USDT', amount: BIG }],
      },
    ]),
    row: `hot-row-${EVM}`, cells: ['hot-address', 'hot-status', 'hot-balances', 'hot-resume'],
  },
  {
    name: 'Collect › Collection transactions', path: '/collect/transactions', call: '/api/partner/collect/page_list',
    answer: page1([
      {
        id: 999_009, runId: 99_999, trigger: 2, chainId: 1337, chainname: 'Devchain', tokenId: 1, symbol: 'USDT', address: EVM, status: 5,
        reason: REMARK, waiting: BIG, amount: BIG, attributed: BIG, unattributed: BIG, nativeSymbol: 'DEV', feeEstimated: BIG, feePaid: BIG,
        txurl: '', createdAt: at, updatedAt: at, finishedAt: at,
      },
    ]),
    row: 'collection-row-999009', cells: ['collection-id', 'collection-trigger', 'collection-address', 'collection-amount', 'collection-fee-paid', 'collection-status', 'collection-detail-open'],
  },
  {
    name: 'System › Callback', path: '/system/callback', call: '/api/partner/callback/page',
    answer: page1([
      { eventId: EVENT_ID, orderNo: ORDER_NO, depositId: null, event: 'withdraw.broadcast', status: 3, attempts: 99, nextAttemptTime: at, lastHttpStatus: 500, createtime: at, deliveredtime: at, seq: 9 },
    ]),
    row: `callback-row-${EVENT_ID}`, cells: ['callback-event-id', 'callback-order-no', 'callback-status', 'callback-attempts', 'callback-push'],
  },
  {
    name: 'Logs › Login logs', path: '/logs/login', call: '/api/partner/logs/login/page',
    answer: page1([{ id: 1, email: EMAIL, ip: IPV6, userAgent: AGENT, result: 'failure', reason: 'pending', createtime: at }]),
    row: 'log-row-1', cells: ['log-time', 'log-email', 'log-ip', 'log-result', 'log-reason'],
  },
  {
    name: 'Logs › Operation logs', path: '/logs/operation', call: '/api/partner/logs/operation/page',
    answer: page1([operation]),
    row: 'log-row-1', cells: ['log-time', 'log-email', 'log-action', 'log-target', 'log-result'],
  },
  {
    name: 'Personal › My logs', path: '/personal', call: '/api/sys/logs/myLogs',
    answer: page1([operation]),
    row: 'log-row-1', cells: ['log-time', 'log-action', 'log-target', 'log-result'],
  },
];

/** The two widest lists, checked in both Chinese consoles too (other words, other widths). */
const IN_CHINESE = ['Account › Account list', 'Logs › Operation logs'];

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

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const list of WIDE_LISTS) {
      const languages = IN_CHINESE.includes(list.name) ? ['en', 'zh-CN', 'zh-HK'] : ['en'];
      for (const lang of languages) {
        test(`${list.name} (${lang}): the main cells of the widest row are in view`, async ({ page, env }) => {
          await page.route(`**${list.call}`, (route) => route.fulfill(envelope(list.answer)));
          await openAs(page, await lister(env), list.path, lang);
          await expectInView(page, list);
        });
      }
    }
  });
}

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

for (const width of WIDTHS) {
  test(`Token › Token detail at ${width} px: the main cells of its tables' widest rows are in view`, async ({ page, env }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [call, answer] of Object.entries(DETAIL_CALLS)) await page.route(`**${call}`, (route) => route.fulfill(envelope(answer)));
    await openAs(page, await lister(env), '/token/token-detail?id=9');
    for (const table of DETAIL_TABLES) {
      await page.getByTestId(`detail-tab-${table.tab}`).click();
      await expectInView(page, { name: table.row, path: '', call: '', answer: null, ...table });
    }
  });
}

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
