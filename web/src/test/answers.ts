import type { Asset } from '@/api/assets';
import type { AttemptResult } from '@/api/callbacks';
import { ORDER_OUTCOMES, type OrderStatus, type OrderSummary, type OrderTotal } from '@/api/orders';
import type { ApiSettings } from '@/api/system';
import type { HotWalletRow } from '@/api/wallets';
import type { WithdrawalProgress } from '@/api/withdrawals';

// Server answers (docs/api.md) for tests that mock the api modules. The mocks are typed by the
// modules they replace, so a fixture that drifts from what the server sends fails the typecheck.

const DEV_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const AT = '2026-11-22T07:00:00Z';

/** The devchain's USDT as every order and asset row names it. */
export const DEVCHAIN_USDT = {
  chainId: 1337,
  tokenId: 1,
  chainname: 'Devchain',
  chainsymbol: 'DEV',
  symbol: 'USDT',
  symbol_price: '1',
  decimals: 6,
};

/** The API settings of a merchant with no key and no addresses yet, unless overridden. */
export const apiSettings = (overrides: Partial<ApiSettings> = {}): ApiSettings => ({
  hasKey: false,
  keyId: null,
  createtime: null,
  callbackUrl: '',
  riskUrl: '',
  clientKey: null,
  platformKeyId: 'pk',
  platformPublicKey: '',
  ...overrides,
});

/** A push or test callback that was delivered at once, unless overridden. */
export const attemptResult = (overrides: Partial<AttemptResult> = {}): AttemptResult => ({
  eventId: 'evt_1',
  attempted: true,
  success: true,
  httpStatus: 200,
  replyCode: 0,
  reason: '',
  response: '{"code":0}',
  latencyMs: 42,
  ...overrides,
});

/** An order summary with nothing in any outcome, unless overridden. */
export const orderSummary = (overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  count: 0,
  totals: [],
  outcomes: Object.fromEntries(ORDER_OUTCOMES.map((o) => [o, { count: 0, totals: [] as OrderTotal[] }])) as OrderSummary['outcomes'],
  ...overrides,
});

/** An enabled devchain hot wallet with no balances, unless overridden. */
export const hotWalletRow = (id: number, overrides: Partial<HotWalletRow> = {}): HotWalletRow => ({
  id,
  chainId: 1337,
  chainname: 'Devchain',
  chainsymbol: 'DEV',
  address: DEV_ADDRESS,
  status: 0,
  remark: '',
  balances: [],
  balanceError: false,
  createtime: AT,
  ...overrides,
});

/** The devchain's USDT, enabled, without cold addresses or automatic collection, unless overridden. */
export const assetRow = (id: number, overrides: Partial<Asset> = {}): Asset => ({
  id,
  ...DEVCHAIN_USDT,
  contract: '0x0000000000000000000000000000000000000001',
  status: 1,
  paymentAddress: DEV_ADDRESS,
  collect: { autoCollect: false, collectType: 1, startTime: '00:00', intervalHours: 24, minCollectAmount: '0', minSplitAmount: '0' },
  risk: { minReviewAmount: '1000', maxDailyCount: 100, dailyLimit: '100000' },
  coldAddresses: [],
  coldStatus: 0,
  applyStatus: 0,
  createtime: AT,
  ...overrides,
});

/** Where a withdrawal stands, as the screening polls it. */
export const progress = (id: number, status: OrderStatus, hash = ''): WithdrawalProgress => ({ id, status, hash, reason: '' });
