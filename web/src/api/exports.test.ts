import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dataLines, exportList } from './exports';

const http = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/utils/request', async (original) => ({
  ...(await original<typeof import('@/utils/request')>()),
  httpClient: () => Promise.resolve(http),
}));

beforeEach(() => http.request.mockReset());

describe('the order export', () => {
  it('posts the filters, keeps the server\u2019s file and counts its rows', async () => {
    const csv = '\uFEFFOrder number,Type\r\nD1,Deposit\r\nW1,Withdrawal\r\n';
    http.request.mockResolvedValue({
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="transactions-20261116-20261122.csv"' },
      data: new Blob([csv]),
    });
    const filters = { start: '2026-11-16T00:00:00.000+08:00', end: '2026-11-23T00:00:00.000+08:00', type: 2 as const };
    const file = await exportList('/api/partner/user/tx/export', filters, 'fallback.csv');
    expect(http.request).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/partner/user/tx/export', method: 'POST', data: filters }));
    expect(file).toMatchObject({ fileName: 'transactions-20261116-20261122.csv', rows: 2 });
  });

  it('counts the rows after the header', () => {
    expect(dataLines('\uFEFFOrder number,Type\r\n')).toBe(0);
    expect(dataLines('\uFEFFOrder number,Type\r\nD1,Deposit\r\nW1,Withdrawal\r\n')).toBe(2);
    expect(dataLines('h\r\na,"line\r\nbreak"\r\n')).toBe(1);
    expect(dataLines('h\r\na,"say ""hi""\r\n"\r\n')).toBe(1);
  });
});
