import type { ExchangeDetail, ExchangeRow, PairView } from '@/api/exchange';
import { DEVCHAIN_USDT } from './answers';

const AT = '2026-11-22T07:00:00Z';

/**
 * An exchange as the server lists it (docs/api.md "Exchange orders"; `toAddress` is the end
 * user's exchange address, `fromAddress` the payer): 100 devchain USDT paid in
 * through the merchant API at a fixed rate, 28.85 DEV (native) paid out, complete, unless overridden.
 */
export const exchangeRow = (id: number, overrides: Partial<ExchangeRow> = {}): ExchangeRow => ({
  id,
  type: 3,
  orderNo: `X2026112200000000${String(id).padStart(2, '0')}`,
  merchantOrderNo: `swap-${id}`,
  openId: 'user-1',
  origin: 1,
  ...DEVCHAIN_USDT,
  pairId: 2,
  tokenOutId: null,
  symbolOut: 'DEV',
  decimalsOut: 18,
  toAddress: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  fromAddress: '0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0',
  payoutAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amountIn: '100',
  paidIn: '100',
  minOut: '28',
  amountOut: '28.85',
  rate: '0.2885',
  marketRate: '0.29',
  spreadBp: 50,
  source: 1,
  sourceLabel: 'fixed',
  priceTime: AT,
  repriced: false,
  hash: '0x' + 'ab'.repeat(32),
  outHash: '0x' + 'ef'.repeat(32),
  fee: '0.5',
  status: 8,
  reason: '',
  callbackStatus: 1,
  callbackResult: '{"code":0}',
  notifyStatus: 2,
  createtime: AT,
  payBy: '2026-11-22T07:30:00Z',
  completetime: '2026-11-22T07:02:00Z',
  ...overrides,
});

/** The detail of `row`: its payment in (the deposit record, confirmed) and its payout (complete), unless overridden. */
export const exchangeDetail = (row: ExchangeRow, overrides: Partial<ExchangeDetail> = {}): ExchangeDetail => ({
  ...row,
  callbacks: [],
  payment: { id: 40, orderNo: 'D20261122000040', hash: row.hash, status: 8, confirmations: 12, requiredConfirmations: 12 },
  payout: { id: 41, orderNo: 'W20261122000041', hash: row.outHash, status: 8, toAddress: row.payoutAddress, createtime: '2026-11-22T07:01:00Z' },
  refund: null,
  ...overrides,
});

export const PAIR_PAYOUT_WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** When a pair's payout balance was read. */
export const PAIR_BALANCE_READ_AT = '2026-11-29T07:55:00Z';

/** A TRON USDT → TRX pair priced from a feed 12 s ago, unless overridden. */
export const pairView = (id: number, overrides: Partial<PairView> = {}): PairView => ({
  id,
  chainId: 728126428,
  chainname: 'TRON',
  tokenIn: { tokenId: 201, symbol: 'USDT', decimals: 6 },
  tokenOut: { tokenId: null, symbol: 'TRX', decimals: 6 },
  enabled: true,
  spreadBp: 50,
  toleranceBp: 5,
  minIn: '10',
  maxIn: '5000',
  dailyLimit: '20000',
  usedToday: '150.5',
  payoutWallet: PAIR_PAYOUT_WALLET,
  payoutBalance: '12345.678901',
  payoutBalanceAt: PAIR_BALANCE_READ_AT,
  outsideRule: 1,
  source: { kind: 2, label: 'api.binance.com', maxAgeSecs: 60 },
  price: { rate: '3.43421', quoteRate: '3.41703895', at: '2026-11-29T07:59:48Z', ageSecs: 12, stopped: null },
  updatetime: '2026-11-29T07:00:00Z',
  ...overrides,
});

/** The devchain USDT → DEV (native) pair at a fixed rate, the exchanges' pair 2. */
export const DEVCHAIN_PAIR = pairView(2, {
  chainId: 1337,
  chainname: 'Devchain',
  tokenIn: { tokenId: 1, symbol: 'USDT', decimals: 6 },
  tokenOut: { tokenId: null, symbol: 'DEV', decimals: 18 },
  payoutWallet: '0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0',
  payoutBalance: null,
  payoutBalanceAt: null,
  dailyLimit: '0',
  outsideRule: 2,
  source: { kind: 1, label: 'fixed', maxAgeSecs: null },
  price: { rate: '0.29', quoteRate: '0.2885', at: '2026-11-29T08:00:00Z', ageSecs: 0, stopped: null },
});
