import { OrderStatus } from '@/api/orders';
import { pageWithdrawals, pushWithdrawal, withdrawalSummary, type WithdrawalDetail, type WithdrawalRow } from '@/api/withdrawals';
import { orderPage } from '@/pages/orders/OrderScreen';
import type { OrderSource } from '@/pages/orders/orderKind';
import { CHAIN_COLUMNS, ORDER_COLUMNS } from '@/pages/orders/purpose';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { useDetailReview, useWithdrawReview } from './useWithdrawReview';
import { WITHDRAWAL_KIND } from './withdrawalKind';

// The three withdrawal tables of the catalogue over one screen: Orders › Withdraw is the business
// view (with Pass / Reject in the detail of an order awaiting review), Transactions › Withdraw list
// the on-chain one (../orders/purpose.ts), Withdraw check the review queue. Module constants: the
// screen reads its summary again whenever its filters change.

type WithdrawalSource = OrderSource<WithdrawalRow, WithdrawalDetail>;

const WITHDRAW_ORDERS: WithdrawalSource = {
  kind: WITHDRAWAL_KIND,
  menuId: PAGES.withdrawOrders,
  titleKey: 'withdraw_orders',
  tipKey: 'withdraw_orders_tip',
  countKey: 'summary_withdrawals',
  csvPrefix: 'withdrawals',
  exportPath: '/api/partner/withdraw/export',
  purpose: { lineKey: 'withdraw_orders_purpose', lead: ORDER_COLUMNS },
  pushPermission: PERMISSIONS.withdrawPush,
  page: (query) => pageWithdrawals(query),
  summary: withdrawalSummary,
  push: pushWithdrawal,
  // An order awaiting review is passed or rejected from its detail (40301).
  useExtras: useDetailReview,
};

const WITHDRAW_LIST: WithdrawalSource = {
  ...WITHDRAW_ORDERS,
  menuId: PAGES.withdrawList,
  titleKey: 'withdraw_list',
  purpose: { lineKey: 'withdraw_list_purpose', lead: CHAIN_COLUMNS },
  pushPermission: PERMISSIONS.withdrawListPush,
  useExtras: undefined,
};

/** The review queue: selection, pass, reject, one-click, review again; no re-push. */
const WITHDRAW_CHECK: WithdrawalSource = {
  ...WITHDRAW_ORDERS,
  menuId: PAGES.withdrawCheck,
  titleKey: 'withdraw_check',
  // Room for Pass / Reject beside the amount and the target address at 1200 px: the time is in the drawer.
  columnDefaults: { createtime: false },
  tipKey: 'withdraw_check_tip',
  purpose: undefined,
  pushPermission: undefined,
  initialStatus: OrderStatus.AwaitingReview,
  useExtras: useWithdrawReview,
};

/** Orders › Withdraw (menu 302), re-push 30201, review from the detail 40301. */
export const WithdrawOrdersPage = orderPage(WITHDRAW_ORDERS);

/** Transactions › Withdraw list (menu 404), re-push 40401. */
export const WithdrawListPage = orderPage(WITHDRAW_LIST);

/** Transactions › Withdraw check (menu 403): the review queue (40301, 40302). */
export const WithdrawCheckPage = orderPage(WITHDRAW_CHECK);
