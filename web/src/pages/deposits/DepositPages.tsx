import type { DepositDetail, DepositRow } from '@/api/deposits';
import { depositSummary, pageDeposits, pushDeposit } from '@/api/deposits';
import { orderPage } from '@/pages/orders/OrderScreen';
import type { OrderSource } from '@/pages/orders/orderKind';
import { CHAIN_COLUMNS, ORDER_COLUMNS } from '@/pages/orders/purpose';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { DEPOSIT_KIND } from './depositKind';
import { useHashScan } from './useHashScan';

// The two deposit tables of the catalogue (the transaction list, 402, is its own screen): Orders ›
// Deposit is the business view, Transactions › Deposit list the on-chain one (./purpose.ts). Sources
// are module constants: the screen reads the summary again whenever its filters or its source change.

type DepositSource = OrderSource<DepositRow, DepositDetail>;

const DEPOSIT_ORDERS: DepositSource = {
  kind: DEPOSIT_KIND,
  menuId: PAGES.depositOrders,
  titleKey: 'deposit_orders',
  tipKey: 'deposits_tip',
  countKey: 'summary_deposits',
  csvPrefix: 'deposits',
  exportPath: '/api/partner/deposit/export',
  purpose: { lineKey: 'deposit_orders_purpose', lead: ORDER_COLUMNS },
  pushPermission: PERMISSIONS.depositPush,
  page: (query) => pageDeposits(query),
  summary: depositSummary,
  push: pushDeposit,
};

/** Offers "Scan transaction hash" (40101). */
const DEPOSIT_LIST: DepositSource = {
  ...DEPOSIT_ORDERS,
  menuId: PAGES.depositList,
  titleKey: 'deposit_list',
  purpose: { lineKey: 'deposit_list_purpose', lead: CHAIN_COLUMNS },
  useExtras: useHashScan,
};

/** Orders › Deposit (menu 301). */
export const DepositOrdersPage = orderPage(DEPOSIT_ORDERS);

/** Transactions › Deposit list (menu 401). */
export const DepositListPage = orderPage(DEPOSIT_LIST);

