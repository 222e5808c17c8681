import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blobText } from './download';
import { exportReport, exportReportOrders } from './reports';

const http = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/utils/request', async (original) => ({
  ...(await original<typeof import('@/utils/request')>()),
  httpClient: () => Promise.resolve(http),
}));

const QUERY = { startDate: '2031-03-04', endDate: '2031-03-10' };
const csvAnswer = (disposition?: string) => ({
  status: 200,
  headers: { 'content-type': 'text/csv; charset=utf-8', ...(disposition ? { 'content-disposition': disposition } : {}) },
  data: new Blob(['date,chain,token,count,amount,fee,fee_token\r\n']),
});

beforeEach(() => http.request.mockReset());

describe('report files', () => {
  it('posts the report query and keeps the CSV as sent, under the server\u2019s name', async () => {
    http.request.mockResolvedValue(csvAnswer('attachment; filename="payment-2031-03-04-2031-03-10.csv"'));
    const file = await exportReport('payment', QUERY);
    expect(http.request).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/partner/report/payment/export', method: 'POST', data: QUERY, responseType: 'blob' }));
    expect(file.fileName).toBe('payment-2031-03-04-2031-03-10.csv');
    expect(await blobText(file.blob)).toBe('date,chain,token,count,amount,fee,fee_token\r\n');
  });

  it('names the file after the direction and the days when the server gave no name', async () => {
    http.request.mockResolvedValue(csvAnswer());
    expect((await exportReport('receipt', QUERY)).fileName).toBe('receipt-2031-03-04-2031-03-10.csv');
  });

  it('exports withdrawals for payment and deposits for receipt', async () => {
    http.request.mockResolvedValue(csvAnswer());
    const period = { start: '2031-03-04T00:00:00.000+08:00', end: '2031-03-11T00:00:00.000+08:00' };
    const names = [(await exportReportOrders('payment', period)).fileName, (await exportReportOrders('receipt', period)).fileName];
    expect(http.request.mock.calls.map(([config]) => [config.url, config.data])).toEqual([
      ['/api/partner/withdraw/export', period],
      ['/api/partner/deposit/export', period],
    ]);
    expect(names).toEqual(['withdrawals.csv', 'deposits.csv']);
  });
});
