import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import { attachmentName, blobText, exportReport, exportReportOrders } from './reports';

const http = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/utils/request', async (original) => ({
  ...(await original<typeof import('@/utils/request')>()),
  httpClient: () => Promise.resolve(http),
}));

const QUERY = { startDate: '2031-03-04', endDate: '2031-03-10' };
const csvAnswer = (name: string) => ({
  status: 200,
  headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` },
  data: new Blob(['date,chain,token,count,amount,fee,fee_token\r\n']),
});

let toastError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  http.request.mockReset();
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('file exports', () => {
  it('reads the file name the server gave', () => {
    expect(attachmentName('attachment; filename="payment-2031-03-04-2031-03-10.csv"', 'x.csv')).toBe('payment-2031-03-04-2031-03-10.csv');
    expect(attachmentName("attachment; filename*=UTF-8''deposits%202031.csv", 'x.csv')).toBe('deposits 2031.csv');
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });

  it('posts the report query and keeps the CSV as sent', async () => {
    http.request.mockResolvedValue(csvAnswer('payment-2031-03-04-2031-03-10.csv'));
    const file = await exportReport('payment', QUERY);
    expect(http.request).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/partner/report/payment/export', method: 'POST', data: QUERY, responseType: 'blob' }));
    expect(file.filename).toBe('payment-2031-03-04-2031-03-10.csv');
    expect(await blobText(file.blob)).toBe('date,chain,token,count,amount,fee,fee_token\r\n');
  });

  it('exports withdrawals for payment and deposits for receipt', async () => {
    http.request.mockResolvedValue(csvAnswer('orders.csv'));
    const period = { start: '2031-03-04T00:00:00.000+08:00', end: '2031-03-11T00:00:00.000+08:00' };
    await exportReportOrders('payment', period);
    await exportReportOrders('receipt', period);
    expect(http.request.mock.calls.map(([config]) => [config.url, config.data])).toEqual([
      ['/api/partner/withdraw/export', period],
      ['/api/partner/deposit/export', period],
    ]);
  });

  it('shows the server\u2019s message when it answers an error instead of a file', async () => {
    const envelope = { code: 10422, msg: 'A start and an end must be chosen', data: null };
    http.request.mockResolvedValue({ status: 200, headers: { 'content-type': 'application/json' }, data: new Blob([JSON.stringify(envelope)]) });
    const failure = await exportReport('receipt', QUERY).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(10422);
    expect(toastError).toHaveBeenCalledWith('A start and an end must be chosen');
  });
});
