import { depositSummary, pageDeposits, pageUserTx, pushDeposit, pushUserTx, userTxSummary } from '@/api/deposits';
import { PERMISSIONS } from '@/router/permissions';
import DepositScreen, { type DepositSource } from './DepositScreen';

// The three deposit tables of the catalogue. Sources are module constants: the screen reads
// the summary again whenever its filters or its source change.

const DEPOSIT_ORDERS: DepositSource = {
  menuId: '301',
  titleKey: 'deposit_orders',
  tipKey: 'deposits_tip',
  countKey: 'summary_deposits',
  csvPrefix: 'deposits',
  withType: false,
  pushPermission: PERMISSIONS.depositPush,
  page: (query) => pageDeposits(query),
  summary: depositSummary,
  push: pushDeposit,
};

const DEPOSIT_LIST: DepositSource = { ...DEPOSIT_ORDERS, menuId: '401', titleKey: 'deposit_list', hashScan: true };

const TRANSACTION_LIST: DepositSource = {
  menuId: '402',
  titleKey: 'transaction_list',
  tipKey: 'transactions_tip',
  countKey: 'summary_transactions',
  csvPrefix: 'transactions',
  withType: true,
  pushPermission: PERMISSIONS.transactionPush,
  page: (query) => pageUserTx(query),
  summary: userTxSummary,
  push: pushUserTx,
};

/** Orders › Deposit (menu 301). */
export function DepositOrdersPage() {
  return <DepositScreen source={DEPOSIT_ORDERS} />;
}

/** Transactions › Deposit list (menu 401). */
export function DepositListPage() {
  return <DepositScreen source={DEPOSIT_LIST} />;
}

/** Transactions › Transaction list (menu 402): deposits now, withdrawals later. */
export function TransactionListPage() {
  return <DepositScreen source={TRANSACTION_LIST} />;
}
