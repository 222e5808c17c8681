// Every screen path of the menu catalogue (docs/menus.md). The server decides which of them a
// user gets; the console only needs the full list to tell "a Coffer screen your role lacks"
// (404 page) from "a path that does not exist at all" (redirect to /, spec section 2).
export const CATALOGUE_PATHS: readonly string[] = [
  '/home',
  '/token',
  '/token/list',
  '/token/wallet-address',
  '/token/energy',
  '/token/trade',
  '/token/set',
  '/token/withdraw',
  '/token/token-detail',
  '/service',
  '/points',
  '/orders',
  '/orders/deposit',
  '/orders/withdraw',
  '/transactions',
  '/transactions/deposit-list',
  '/transactions/transaction-list',
  '/transactions/withdraw-check',
  '/transactions/withdraw-list',
  '/collect',
  '/collect/transactions',
  '/collect/fund',
  '/report',
  '/report/payment',
  '/report/receipt',
  '/account',
  '/account/ip-list',
  '/account/account-list',
  '/account/role-list',
  '/system',
  '/system/api-detail',
  '/system/blacklist',
  '/system/api-key',
  '/system/callback',
  '/system/whitelist',
  '/logs',
  '/logs/login',
  '/logs/operation',
];

/** Permission flag that grants the token-detail page (spec section 2). */
export const TOKEN_DETAIL_FLAG = '215';
export const TOKEN_DETAIL_PATH = '/token/token-detail';

/** Sidebar groups by top-level menu id (spec section 2, Layout); everything else is "system". */
export const GENERAL_GROUP_IDS: readonly string[] = ['1', '2', '10', '11'];
export const FINANCIAL_GROUP_IDS: readonly string[] = ['3', '4', '5', '6'];
