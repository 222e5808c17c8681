import type { DepositRow } from '@/api/deposits';
import { DEVCHAIN_USDT } from './answers';

/** A deposit as the server lists it (docs/api.md), complete and credited unless overridden. */
export const depositRow = (id: number, overrides: Partial<DepositRow> = {}): DepositRow => ({
  id,
  orderNo: `D20261122${String(id).padStart(7, '0')}`,
  merchantOrderNo: '',
  openId: 'user-1',
  userId: 7,
  ...DEVCHAIN_USDT,
  hash: '0x' + 'ab'.repeat(32),
  index: 0,
  fromAddress: '0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0',
  toAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  amount: '25.123456',
  actualAmount: '25.123456',
  blockNumber: 120,
  confirmations: 12,
  requiredConfirmations: 12,
  status: 8,
  uncredited: false,
  note: '',
  callbackStatus: 1,
  callbackResult: '{"code":0}',
  notifyStatus: 2,
  createtime: '2026-11-22T07:00:00Z',
  confirmtime: '2026-11-22T07:01:00Z',
  voidtime: null,
  ...overrides,
});
