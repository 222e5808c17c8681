import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { depositRow } from '../src/test/deposits';
import { withdrawalRow } from '../src/test/withdrawals';
import type { Session } from './api';
import { signInAs, type E2eEnv } from './fixtures';
import { USERS } from './users';

// The lists of the list kit with the widest rows the contract allows, served in place of the
// list call (lists.spec.ts checks their cells are in view, rowcount.spec.ts how many rows show).

export const WIDTHS = [1440, 1200];
/** The console's languages: Chinese titles and tags have other widths than English ones. */
export const LANGUAGES = ['en', 'zh-CN', 'zh-HK'] as const;

/**
 * The widths a width check runs at in `lang`: both in English, only 1200 px in Chinese. 1200 is
 * the tighter (the sidebar folds there: the table has 68 px less than at 1440, under the same
 * antd breakpoint), so in Chinese 1440 would repeat it for the run time alone.
 */
export const widthsIn = (lang: (typeof LANGUAGES)[number]) => (lang === 'en' ? WIDTHS : [Math.min(...WIDTHS)]);

/**
 * One sign-in of `user` for the whole run (one login code per e-mail per 60 s), kept in the run's
 * data directory: a failed test restarts the worker, and the next one must not sign in again.
 */
export async function signInOnce(env: E2eEnv, user: { email: string; password: string }): Promise<Session> {
  const file = path.join(env.dataDir, `session-${user.email}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Session;
  const session = await signInAs(env, user);
  fs.writeFileSync(file, JSON.stringify(session));
  return session;
}

export const lister = (env: E2eEnv) => signInOnce(env, USERS.lists);
export const BIG = '123456789012345.123456';

export interface ListCase {
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
  /** The cells of what the screen is for (its purpose's columns), in view beside the others. */
  purposeCells: string[];
}

/** The widest business fields the contract allows: merchant order numbers and OpenIDs of 64, a 500-character reply. */
const business = { merchantOrderNo: 'W'.repeat(64), openId: 'W'.repeat(64), callbackStatus: 2, callbackResult: 'W'.repeat(500), notifyStatus: 1 } as const;
const ORDER_CELLS = (prefix: string) => ['merchant-order-no', 'openid', 'notice-callback', 'notice-notify'].map((cell) => `${prefix}-${cell}`);
const CHAIN_CELLS = (prefix: string) => ['hash', 'from', 'to', 'confirmations'].map((cell) => `${prefix}-${cell}`);

const deposits = () => [depositRow(1, { orderNo: 'D202611220000000001', amount: BIG, status: 7, ...business })];
const transactions = () => [
  { ...withdrawalRow(1, { orderNo: 'W202611220000000001', amount: BIG, status: 10 }), type: 2 },
  { ...depositRow(1, { orderNo: 'D202611220000000001', amount: BIG, status: 7 }), type: 1 },
];
const withdrawals = (status: 1 | 7 | 10) => () => [
  withdrawalRow(1, { orderNo: 'W202611220000000001', amount: BIG, status, reason: status === 10 ? 'insufficient funds' : '', ...business }),
];

export const ORDER_LISTS: ListCase[] = [
  { name: 'Orders › Deposit', path: '/orders/deposit', call: '/api/partner/deposit/pageTx', rows: deposits, prefix: 'deposit', rowId: (r) => `deposit-row-${r.orderNo}`, action: 'deposit-detail-open', purposeCells: ORDER_CELLS('deposit') },
  { name: 'Transactions › Deposit list', path: '/transactions/deposit-list', call: '/api/partner/deposit/pageTx', rows: deposits, prefix: 'deposit', rowId: (r) => `deposit-row-${r.orderNo}`, action: 'deposit-detail-open', purposeCells: CHAIN_CELLS('deposit') },
  { name: 'Transactions › Transaction list', path: '/transactions/transaction-list', call: '/api/partner/user/pageTx', rows: transactions, prefix: 'tx', rowId: (r) => `tx-row-${r.orderNo}`, action: 'tx-detail-open', purposeCells: [] },
  { name: 'Orders › Withdraw', path: '/orders/withdraw', call: '/api/partner/withdraw/pageTx', rows: withdrawals(10), prefix: 'wd', rowId: (r) => `wd-row-${r.orderNo}`, action: 'wd-detail-open', purposeCells: ORDER_CELLS('wd') },
  { name: 'Transactions › Withdraw list', path: '/transactions/withdraw-list', call: '/api/partner/withdraw/pageTx', rows: withdrawals(7), prefix: 'wd', rowId: (r) => `wd-row-${r.orderNo}`, action: 'wd-detail-open', purposeCells: CHAIN_CELLS('wd') },
  // The review queue: Pass / Reject next to the amount and the target address.
  { name: 'Transactions › Withdraw check', path: '/transactions/withdraw-check', call: '/api/partner/withdraw/pageTx', rows: withdrawals(1), prefix: 'wd', rowId: (r) => `wd-row-${r.orderNo}`, action: 'wd-reject', purposeCells: ['wd-to'] },
];

export const envelope = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'success', data }) });

export async function serveRows(page: Page, call: string, rows: object[]) {
  await page.route(`**${call}`, (route: Route) => route.fulfill(envelope({ list: rows, total: rows.length })));
}

// The other lists on the kit. Their rows are the widest the contract allows (docs/api.md and the
// server's checks): e-mails of 254 characters, names of 32, remarks of 100, log targets of 120,
// user agents of 255, OpenIDs of 64, IPv6 addresses of 39, EVM addresses of 42, event ids of
// `evt_` + 24 hex digits, 19-character order numbers, amounts of 15 whole digits.
export const at = '2026-11-22T07:00:00Z';
export const EMAIL = `${'w'.repeat(64)}@${'w'.repeat(63)}.${'w'.repeat(63)}.${'w'.repeat(50)}.example.com`; // 254
export const NAME = 'W'.repeat(32);
export const REMARK = 'W'.repeat(100);
export const IPV6 = '8888:dddd:8888:dddd:8888:dddd:8888:dddd';
export const EVM = '0xDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDd';
export const AGENT = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${'W'.repeat(140)}`.slice(0, 255);
export const EVENT_ID = `evt_${'d'.repeat(24)}`;
export const ORDER_NO = 'W202611220000000001';

export interface WideList {
  name: string;
  path: string;
  /** The list call and its answer. */
  call: string;
  answer: unknown;
  row: string;
  /** Test ids of the cells that must be in view: what identifies the row, its amount, its status, its actions. */
  cells: string[];
  /**
   * A list whose rows are cards on a phone (PagedTable's `phoneCards`): these cells of every row
   * show whole inside a 390 px screen (rowcount.spec.ts), beside every other cell of the row.
   */
  phoneCells?: string[];
}

export const page1 = (rows: object[]) => ({ list: rows, total: rows.length });
export const asset = {
  id: 9, chainId: 1337, tokenId: 1, chainname: 'Devchain', chainsymbol: 'DEV', symbol: 'USDT', symbol_price: '1', decimals: 6, contract: EVM,
  status: 1, paymentAddress: EVM, collect: {}, risk: {}, coldAddresses: [], coldStatus: 0, applyStatus: 0, createtime: at,
};
const operation = {
  id: 1, email: EMAIL, action: '/api/partner/account/resetPassword', actionName: { en: 'Unbind Google authenticator', 'zh-CN': '解绑谷歌验证器', 'zh-HK': '解綁谷歌驗證器' },
  target: 'W'.repeat(119) + '…', before: '', after: '{}', ip: IPV6, userAgent: AGENT, result: 'failure', code: 10422, createtime: at,
};

export const WIDE_LISTS: WideList[] = [
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
    // A paused wallet (Resume) and a normal one (Pause, the withdrawals role).
    answer: page1([
      {
        id: 999_006, chainId: 1337, chainname: 'Devchain', chainsymbol: 'DEV', address: EVM, status: 1, remark: REMARK, balanceError: false, createtime: at,
        balances: [{ tokenId: null, symbol: 'DEV', amount: BIG }, { tokenId: 1, symbol: 'USDT', amount: BIG }],
      },
      {
        id: 999_010, chainId: 1337, chainname: 'Devchain', chainsymbol: 'DEV', address: `${EVM.slice(0, -2)}00`, status: 0, remark: REMARK, balanceError: false, createtime: at,
        balances: [{ tokenId: 1, symbol: 'USDT', amount: BIG }, { tokenId: null, symbol: 'DEV', amount: BIG }],
      },
    ]),
    row: `hot-row-${EVM}`, cells: ['hot-address', 'hot-status', 'hot-balances', 'hot-resume'],
    phoneCells: ['hot-address', 'hot-status', 'hot-remark', 'hot-roles', 'hot-balance'],
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
    row: 'collection-row-999009', cells: ['collection-id', 'collection-created', 'collection-address', 'collection-amount', 'collection-status', 'collection-reason', 'collection-detail-open'],
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
