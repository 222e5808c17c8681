import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import { loading } from '@/utils/loading';
import { ApiError, CODE_NETWORK, handleResponse, httpClient, post, type Envelope } from '@/utils/request';
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

/** A file the server built (CSV), with the name it gave. */
export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

/** A blob's text (FileReader: jsdom's Blob has no text()). */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** The name of an attachment (Content-Disposition), or `fallback`. */
export function attachmentName(disposition: string | null | undefined, fallback: string): string {
  const match = FILENAME.exec(disposition ?? '');
  if (!match) return fallback;
  try {
    return decodeURIComponent(match[1].trim());
  } catch {
    return match[1].trim();
  }
}

/**
 * POSTs `body` and takes the answer as a file. A CSV answer is the file; anything else is the
 * usual envelope (an error, session expiry), handled as every call's.
 */
export async function postForFile(url: string, body: object, fallbackName: string): Promise<DownloadedFile> {
  loading.show();
  try {
    const http = await httpClient();
    const response = await http.request<Blob>({ url, method: 'POST', data: body, responseType: 'blob' }).catch(() => {
      const text = i18n.t('network_error');
      toast.error(text);
      throw new ApiError(CODE_NETWORK, text);
    });
    const type = String(response.headers['content-type'] ?? '');
    if (response.status === 200 && type.startsWith('text/csv')) {
      return { filename: attachmentName(response.headers['content-disposition'] as string | undefined, fallbackName), blob: response.data };
    }
    let envelope: Envelope<unknown> | null = null;
    try {
      envelope = JSON.parse(await blobText(response.data)) as Envelope<unknown>;
    } catch {
      envelope = null;
    }
    handleResponse({ ...response, data: envelope as Envelope<unknown> }, false);
    // A JSON success where a file was expected: nothing to save.
    const text = i18n.t('network_error');
    toast.error(text);
    throw new ApiError(CODE_NETWORK, text);
  } finally {
    loading.hide();
  }
}

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
