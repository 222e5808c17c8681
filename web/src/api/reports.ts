import { post } from '@/utils/request';
import { postForFile } from './download';
import type { DayRange } from './home';

// Data report (menus 601 Payment = money out, 602 Receipt = money in): per merchant day, chain
// and token, the complete orders' count, amount and network fees (docs/api.md "Data report").

export type ReportDirection = 'payment' | 'receipt';

export interface ReportQuery extends DayRange {
  chainId?: number;
  tokenId?: number;
}

export interface ReportTotal {
  chainId: number;
  tokenId: number | null;
  chainname: string;
  symbol: string;
  decimals: number;
  count: number;
  amount: string;
  /** Network fees in the chain's native coin ("0" for receipts). */
  fee: string;
  feeSymbol: string;
  /** Payment: the asset's collections that paid a network fee (0 for receipts). */
  collections: number;
  /** Their network fees (sweeps and fee top-ups), in `feeSymbol` ("0" for receipts). */
  collectionFee: string;
}

/** One day of one asset (newest day first, then chainId, tokenId). */
export interface ReportRow extends ReportTotal {
  date: string;
}

export interface Report extends DayRange {
  rows: ReportRow[];
  /** One per asset. */
  totals: ReportTotal[];
}

export const getReport = (direction: ReportDirection, query: ReportQuery) => post<Report>(`/api/partner/report/${direction}`, query);

/** The report as CSV, as the server writes it. */
export const exportReport = (direction: ReportDirection, query: ReportQuery) =>
  postForFile(`/api/partner/report/${direction}/export`, query, `${direction}-${query.startDate}-${query.endDate}.csv`);

/** The period of the underlying orders: the range's instants (`end` exclusive), as the lists send it. */
export interface OrderPeriod {
  start: string;
  end: string;
  chainId?: number;
  tokenId?: number;
}

/** The orders behind a report: withdrawals for payment, deposits for receipt. */
export const exportReportOrders = (direction: ReportDirection, period: OrderPeriod) =>
  postForFile(
    direction === 'payment' ? '/api/partner/withdraw/export' : '/api/partner/deposit/export',
    period,
    `${direction === 'payment' ? 'withdrawals' : 'deposits'}.csv`,
  );
