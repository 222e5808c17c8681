import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import { ApiError, CODE_NETWORK } from '@/utils/request';
import { attachmentName, blobText, postForFile } from './download';

const http = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/utils/request', async (original) => ({
  ...(await original<typeof import('@/utils/request')>()),
  httpClient: () => Promise.resolve(http),
}));

const CSV = 'date,chain,token,count,amount,fee,fee_token\r\n';
const answer = (contentType: string, body: string, disposition?: string, status = 200) => ({
  status,
  headers: { 'content-type': contentType, ...(disposition ? { 'content-disposition': disposition } : {}) },
  data: new Blob([body]),
});

let toastError: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  http.request.mockReset();
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the name of a downloaded file', () => {
  it('reads a plain filename, quoted or not', () => {
    expect(attachmentName('attachment; filename="payment-2031-03-04-2031-03-10.csv"', 'x.csv')).toBe('payment-2031-03-04-2031-03-10.csv');
    expect(attachmentName('attachment; filename=withdrawals-1-2.csv', 'x.csv')).toBe('withdrawals-1-2.csv');
  });

  it('decodes filename* (RFC 5987)', () => {
    expect(attachmentName("attachment; filename*=UTF-8''deposits%202031.csv", 'x.csv')).toBe('deposits 2031.csv');
    expect(attachmentName("attachment; filename*=UTF-8''%E5%85%A5%E9%87%91.csv", 'x.csv')).toBe('入金.csv');
  });

  it("takes the console's name when the server gave none", () => {
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
    expect(attachmentName(undefined, 'transactions-20261116-20261122.csv')).toBe('transactions-20261116-20261122.csv');
    expect(attachmentName('attachment', 'x.csv')).toBe('x.csv');
  });
});

describe('postForFile', () => {
  it('posts the body without a time limit and keeps the CSV as sent, under the server\u2019s name', async () => {
    http.request.mockResolvedValue(answer('text/csv; charset=utf-8', CSV, "attachment; filename*=UTF-8''receipt%202031.csv"));
    const file = await postForFile('/api/partner/report/receipt/export', { startDate: '2031-03-04' }, 'fallback.csv');
    expect(http.request).toHaveBeenCalledWith({
      url: '/api/partner/report/receipt/export',
      method: 'POST',
      data: { startDate: '2031-03-04' },
      responseType: 'blob',
      timeout: 0,
    });
    expect(file.fileName).toBe('receipt 2031.csv');
    expect(await blobText(file.blob)).toBe(CSV);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows the server\u2019s message when it answers an error envelope instead of a file', async () => {
    const envelope = { code: 10422, msg: 'A start and an end must be chosen', data: null };
    http.request.mockResolvedValue(answer('application/json', JSON.stringify(envelope)));
    const failure = await postForFile('/api/partner/deposit/export', {}, 'deposits.csv').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(10422);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('A start and an end must be chosen');
  });

  it('refuses a success envelope, an HTTP error and a lost connection with the network message', async () => {
    http.request.mockResolvedValueOnce(answer('application/json', JSON.stringify({ code: 1, msg: 'success', data: null })));
    http.request.mockResolvedValueOnce(answer('text/html', '<h1>Bad gateway</h1>', undefined, 502));
    http.request.mockRejectedValueOnce(new Error('Network Error'));
    for (const expected of ['network error', 'network error', 'Network Error']) {
      const failure = await postForFile('/api/partner/withdraw/export', {}, 'withdrawals.csv').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).code).toBe(CODE_NETWORK);
      expect(toastError).toHaveBeenLastCalledWith(expected);
    }
    expect(toastError).toHaveBeenCalledTimes(3);
  });
});
