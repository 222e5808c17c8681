// Generated from crates/domain/src/menu/catalogue.rs by `COFFER_BLESS=1 cargo test -p coffer-domain menu`: do not edit.

// Every path of the menu catalogue (docs/menus.md). The server decides which of them a
// user gets; the console only needs the full list to tell "a Coffer screen your role lacks"
// (404 page) from "a path that does not exist at all" (redirect to /, spec section 2).
export const PATHS = {
  home: '/home',
  token: '/token',
  tokenList: '/token/list',
  walletAddress: '/token/wallet-address',
  energy: '/token/energy',
  trade: '/token/trade',
  hotWallets: '/token/set',
  tokenWithdraw: '/token/withdraw',
  tokenDetail: '/token/token-detail',
  service: '/service',
  points: '/points',
  orders: '/orders',
  depositOrders: '/orders/deposit',
  withdrawOrders: '/orders/withdraw',
  transactions: '/transactions',
  depositList: '/transactions/deposit-list',
  transactionList: '/transactions/transaction-list',
  withdrawCheck: '/transactions/withdraw-check',
  withdrawList: '/transactions/withdraw-list',
  collect: '/collect',
  collectTransactions: '/collect/transactions',
  fundCollection: '/collect/fund',
  report: '/report',
  paymentReport: '/report/payment',
  receiptReport: '/report/receipt',
  account: '/account',
  ipList: '/account/ip-list',
  accountList: '/account/account-list',
  roleList: '/account/role-list',
  system: '/system',
  apiDetail: '/system/api-detail',
  blacklist: '/system/blacklist',
  apiKey: '/system/api-key',
  callbacks: '/system/callback',
  whitelist: '/system/whitelist',
  logs: '/logs',
  loginLogs: '/logs/login',
  operationLogs: '/logs/operation',
} as const;

export const CATALOGUE_PATHS: readonly string[] = Object.values(PATHS);

/** Permission flag that grants the token-detail page (spec section 2). */
export const TOKEN_DETAIL_FLAG = '215';
export const TOKEN_DETAIL_PATH = '/token/token-detail';
export const TOKEN_DETAIL_TITLES = { en: 'Token detail', 'zh-CN': '代币详情', 'zh-HK': '代幣詳情' };

/** Sidebar groups by top-level menu id (spec section 2, Layout); everything else is "system". */
export const GENERAL_GROUP_IDS: readonly string[] = ['1', '2', '10', '11'];
export const FINANCIAL_GROUP_IDS: readonly string[] = ['3', '4', '5', '6'];
