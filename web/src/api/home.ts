import { post } from '@/utils/request';

// Home (menu 1): the overview and the daily series (docs/api.md "Home"). Dates are the
// merchant's calendar dates (YYYY-MM-DD, its zone, both inclusive); amounts are exact decimal
// strings in the token's units.

/** The merchant's days of a period, both inclusive. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

/** The money of one asset (tokenId null: the chain's native coin). */
export interface AssetAmount {
  chainId: number;
  tokenId: number | null;
  chainname: string;
  symbol: string;
  decimals: number;
  amount: string;
}

/** Complete orders: how many, and their amounts per asset (sorted by chainId, tokenId). */
export interface Tally {
  count: number;
  totals: AssetAmount[];
}

/** What the merchant holds of one asset. */
export interface Holding {
  chainId: number;
  tokenId: number | null;
  chainname: string;
  symbol: string;
  decimals: number;
  /** Sum of the latest readings of its hot wallets ("0" when none was read). */
  hotWallets: string;
  /** The oldest of those readings (null: none read yet). */
  hotWalletsReadAt: string | null;
  /** Credited, complete deposits not yet collected. */
  depositAddresses: string;
  /** Sum of the latest readings of its cold addresses; null when none was read. */
  cold: string | null;
  coldReadAt: string | null;
}

export interface ChainScan {
  chainId: number;
  chainname: string;
  scannedHeight: number | null;
  tipHeight: number | null;
  lagBlocks: number | null;
  scannedAt: string | null;
}

export interface GettingStarted {
  tokenEnabled: boolean;
  hotWallet: boolean;
  callbackUrl: boolean;
  apiKey: boolean;
  rsaKey: boolean;
}

export interface Waiting {
  withdrawalsInReview: number;
  /** The UTC hour the oldest withdrawal in review was created in (null: none waits). */
  withdrawalsInReviewSince: string | null;
  /** Exchanges held for a person (Token › Trade). */
  exchangesHeld: number;
  exchangesHeldSince: string | null;
  callbacksFailing: number;
  coldRequestsPending: number;
}

export interface MoneyMoved {
  deposits: Tally;
  withdrawals: Tally;
  /** Complete exchanges, counted in the token paid in. */
  exchanges: Tally;
}

export interface HomeOverview extends DayRange {
  /** The merchant's UTC offset in hours. */
  timeZone: number;
  /** Today in the merchant's zone: its date and what moved (complete orders). */
  today: MoneyMoved & { date: string };
  holdings: Holding[];
  period: MoneyMoved;
  waiting: Waiting;
  chains: ChainScan[];
  gettingStarted: GettingStarted;
}

export interface DailyTx {
  date: string;
  deposits: Tally;
  withdrawals: Tally;
}

export interface DailyTxData extends DayRange {
  /** Every day of the range, oldest first (zeros included). */
  days: DailyTx[];
}

export interface DailyTxQuery extends DayRange {
  chainId?: number;
  tokenId?: number;
}

/** The overview of a period (none: the last 7 days ending today in the merchant's zone). */
export const getHomeOverview = (range?: DayRange) => post<HomeOverview>('/api/partner/home/main_v3_2', range ?? {});

export const queryDailyTxData = (query: DailyTxQuery) => post<DailyTxData>('/api/partner/home/queryDailyTxData', query);
