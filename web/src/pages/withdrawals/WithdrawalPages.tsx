import { PERMISSIONS } from '@/router/permissions';
import WithdrawalScreen, { type WithdrawalSourceConfig } from './WithdrawalScreen';
import { AWAITING_REVIEW } from './withdrawalRules';

// The three withdrawal tables of the catalogue over one screen (module constants: the screen
// reads its summary again whenever its filters change).

const WITHDRAW_ORDERS: WithdrawalSourceConfig = {
  menuId: '302',
  titleKey: 'withdraw_orders',
  tipKey: 'withdraw_orders_tip',
  pushPermission: PERMISSIONS.withdrawPush,
};

const WITHDRAW_LIST: WithdrawalSourceConfig = {
  menuId: '404',
  titleKey: 'withdraw_list',
  tipKey: 'withdraw_orders_tip',
  pushPermission: PERMISSIONS.withdrawListPush,
};

const WITHDRAW_CHECK: WithdrawalSourceConfig = {
  menuId: '403',
  titleKey: 'withdraw_check',
  tipKey: 'withdraw_check_tip',
  review: true,
  initialStatus: AWAITING_REVIEW,
};

/** Orders › Withdraw (menu 302), re-push 30201. */
export function WithdrawOrdersPage() {
  return <WithdrawalScreen source={WITHDRAW_ORDERS} />;
}

/** Transactions › Withdraw list (menu 404), re-push 40401. */
export function WithdrawListPage() {
  return <WithdrawalScreen source={WITHDRAW_LIST} />;
}

/** Transactions › Withdraw check (menu 403): the review queue (40301, 40302). */
export function WithdrawCheckPage() {
  return <WithdrawalScreen source={WITHDRAW_CHECK} />;
}
