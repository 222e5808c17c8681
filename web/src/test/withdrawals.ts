import type { WithdrawalRow } from '@/api/withdrawals';
import { DEVCHAIN_USDT } from './answers';

/** A withdrawal as the server lists it (docs/api.md), complete unless overridden. */
export const withdrawalRow = (id: number, overrides: Partial<WithdrawalRow> = {}): WithdrawalRow => ({
  id,
  type: 2,
  orderNo: `W2026112200000000${String(id).padStart(2, '0')}`,
  merchantOrderNo: `shop-${id}`,
  source: 2,
  openId: 'user-1',
  securityCode: '',
  ...DEVCHAIN_USDT,
  fromAddress: '0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0',
  toAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  amount: '5.123456',
  actualAmount: '5.123456',
  fee: '0.000021',
  hash: '0x' + 'cd'.repeat(32),
  blockNumber: 118,
  requiredConfirmations: 3,
  status: 8,
  reviewRequired: false,
  riskReasons: [],
  reason: '',
  remark: '',
  createdBy: 'ops@coffer.local',
  reviewer: '',
  reviewtime: null,
  callbackStatus: 1,
  callbackResult: '{"code":0}',
  notifyStatus: 2,
  createtime: '2026-11-22T07:00:00Z',
  completetime: '2026-11-22T07:01:00Z',
  ...overrides,
});

/** A withdrawal held for review over the review amount, not yet paid. */
export const awaitingReviewRow = (id: number, overrides: Partial<WithdrawalRow> = {}): WithdrawalRow =>
  withdrawalRow(id, { status: 1, amount: '1500', actualAmount: '0', hash: '', fee: '', reviewRequired: true, riskReasons: ['amount_over_review_minimum'], ...overrides });
