import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report, ReportTotal } from '@/api/reports';
import i18n from '@/locales';
import { defaultRange } from '@/pages/orders/orderFilters';
import { PAGES } from '@/router/permissions';
import { settle } from '@/test/router';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { PaymentReportPage, ReceiptReportPage } from './ReportPages';
import { chartDays, datesOf, toReportFilters } from './reportRules';
import * as reportsModule from '@/api/reports';
import * as configModule from '@/api/config';
import { clearPeriod } from '@/test/period';

vi.mock('@/api/reports');
const api = vi.mocked(reportsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
const files = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('@/api/download', async (actual) => ({ ...(await actual<object>()), ...files }));
// jsdom draws no canvas: the chart module is replaced by a recorder of what the screen asks it to draw.
const charts = vi.hoisted(() => ({ options: new Map<HTMLElement, unknown>() }));
vi.mock('@/components/charts/echarts', () => ({
  init: (element: HTMLElement) => ({ setOption: (option: unknown) => charts.options.set(element, option), resize: () => undefined, dispose: () => undefined }),
}));

const WAIT = { timeout: 8000 };

const asset = { chainId: 1337, tokenId: 1, chainname: 'Devchain', symbol: 'USDT', decimals: 6, feeSymbol: 'DEV' };
const REPORT: Report = {
  startDate: '2031-03-04',
  endDate: '2031-03-10',
  rows: [
    { ...asset, date: '2031-03-10', count: 2, amount: '30.56789', fee: '0.00042999', collections: 3, collectionFee: '0.00000021' },
    { ...asset, date: '2031-03-08', count: 1, amount: '5', fee: '0.0001', collections: 0, collectionFee: '0' },
  ],
  totals: [{ ...asset, count: 3, amount: '35.56789', fee: '0.00052999', collections: 3, collectionFee: '0.00000021' }],
};
const FILE = { fileName: 'payment-2031-03-04-2031-03-10.csv', blob: new Blob(['date,chain\r\n']) };
// The screen opens on the last 7 days of the merchant's zone (UTC+8), as the order lists do.
const DEFAULTS = toReportFilters({ period: defaultRange(8) }, 8)!;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  api.getReport.mockResolvedValue(REPORT);
  api.exportReport.mockResolvedValue(FILE);
  api.exportReportOrders.mockResolvedValue({ ...FILE, fileName: 'withdrawals.csv' });
  files.saveBlob.mockReset();
  config.getHomeConfig.mockResolvedValue(homeConfig([]));
  charts.options.clear();
});
afterEach(signOutAndRestore);

describe('the report query', () => {
  it('needs a start and an end (spec section 5)', () => {
    const [from, to] = defaultRange(8);
    expect(toReportFilters({ period: [from, null] }, 8)).toBeNull();
    expect(toReportFilters({ period: [null, to] }, 8)).toBeNull();
    expect(toReportFilters({}, 8)).toBeNull();
  });

  it('asks for the merchant days, and for the orders of the same days as instants of its zone', () => {
    const [from, to] = defaultRange(8);
    const filters = toReportFilters({ period: [to, from], chainId: 1337, tokenId: 1 }, 8)!;
    const first = from.format('YYYY-MM-DD');
    const last = to.format('YYYY-MM-DD');
    expect(filters.query).toEqual({ startDate: first, endDate: last, chainId: 1337, tokenId: 1 });
    expect(filters.orders).toEqual({
      start: `${first}T00:00:00.000+08:00`,
      end: `${to.add(1, 'day').format('YYYY-MM-DD')}T00:00:00.000+08:00`,
      chainId: 1337,
      tokenId: 1,
    });
  });

  it('counts the days of a range in UTC: month ends and leap days, whatever the machine\u2019s zone', () => {
    expect(datesOf('2032-02-28', '2032-03-01')).toEqual(['2032-02-28', '2032-02-29', '2032-03-01']);
    expect(datesOf('2031-12-31', '2032-01-01')).toEqual(['2031-12-31', '2032-01-01']);
    expect(datesOf('2031-03-10', '2031-03-10')).toEqual(['2031-03-10']);
  });

  it('charts a payment day of collection fees alone as no withdrawal', () => {
    const feesOnly = { ...REPORT.rows[1], count: 0, amount: '0', fee: '0', collections: 2, collectionFee: '0.001' };
    const days = chartDays({ startDate: '2031-03-08', endDate: '2031-03-09', rows: [feesOnly] });
    expect(days).toEqual([
      { date: '2031-03-08', tally: { count: 0, totals: [] } },
      { date: '2031-03-09', tally: { count: 0, totals: [] } },
    ]);
  });

  it('refuses more than 366 days', () => {
    const [, to] = defaultRange(8);
    expect(toReportFilters({ period: [to.subtract(366, 'day'), to] }, 8)).toBeNull();
    expect(toReportFilters({ period: [to.subtract(365, 'day'), to] }, 8)).not.toBeNull();
  });
});

describe('Data report', () => {
  it('shows the days of each asset with amounts and fees rounded down, and the totals per asset', async () => {
    renderSignedIn([PAGES.paymentReport, PAGES.withdrawOrders], <PaymentReportPage />);
    const row = within(await screen.findByTestId('report-row-2031-03-10-1337-1', undefined, WAIT));
    expect(api.getReport).toHaveBeenCalledWith('payment', DEFAULTS.query);
    expect(row.getByTestId('report-amount').textContent).toBe('30.5678 USDT');
    expect(row.getByTestId('report-fee').textContent).toBe('0.0004 DEV');
    const headers = [...screen.getByTestId('report-table').querySelector('thead')!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Chain', 'Token', 'Count', 'Amount', 'Network fee', 'Collections', 'Collection network fee']);
    const total = within(screen.getByTestId('report-total-1337-1'));
    expect(total.getByText('Total')).toBeTruthy();
    expect(total.getByTestId('report-total-count').textContent).toBe('3');
    expect(total.getByTestId('report-total-amount').textContent).toBe('35.5678 USDT');
    expect(total.getByTestId('report-total-fee').textContent).toBe('0.0005 DEV');
    // Money out also counts what the collections paid on chain; a fee below 0.0001 never reads as zero.
    expect(row.getByTestId('report-collection-fee').textContent).toBe('< 0.0001 DEV');
    expect(row.getByTestId('report-collection-fee').getAttribute('data-amount')).toBe('0.00000021');
    expect(row.getByText('3')).toBeTruthy();
    expect(screen.getAllByText('Collection network fee').length).toBeGreaterThan(0);
    expect(total.getByTestId('report-total-collections').textContent).toBe('3');
    expect(total.getByTestId('report-total-collection-fee').getAttribute('data-amount')).toBe('0.00000021');
  });

  it('shows no network fee column on the receipt report: deposits pay none the merchant sees', async () => {
    const receipt = <T extends ReportTotal>(row: T): T => ({ ...row, fee: '0', collections: 0, collectionFee: '0' });
    api.getReport.mockResolvedValue({ ...REPORT, rows: REPORT.rows.map(receipt), totals: REPORT.totals.map(receipt) });
    renderSignedIn([PAGES.receiptReport], <ReceiptReportPage />);
    const row = within(await screen.findByTestId('report-row-2031-03-10-1337-1', undefined, WAIT));
    expect(row.getByTestId('report-amount').textContent).toBe('30.5678 USDT');
    const headers = [...screen.getByTestId('report-table').querySelector('thead')!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Chain', 'Token', 'Count', 'Amount']);
    for (const fee of ['report-fee', 'report-collection-fee', 'report-total-fee', 'report-total-collections', 'report-total-collection-fee']) {
      expect(screen.queryByTestId(fee)).toBeNull();
    }
    expect(screen.queryByText('0 DEV')).toBeNull();
    const total = within(screen.getByTestId('report-total-1337-1'));
    expect(total.getByTestId('report-total-amount').textContent).toBe('35.5678 USDT');
    expect(screen.getByTestId('report-total-1337-1').querySelectorAll('td')).toHaveLength(headers.length);
  });

  it('draws the period\u2019s orders per day from the rows: an amount bar per token on its symbol\u2019s axis, the count as a line', async () => {
    const trx = { chainId: 1337, tokenId: null, chainname: 'Devchain', symbol: 'DEV', decimals: 18, feeSymbol: 'DEV' };
    const none = { fee: '0', collections: 0, collectionFee: '0' };
    api.getReport.mockResolvedValue({
      ...REPORT,
      rows: [...REPORT.rows.slice(0, 1), { ...trx, ...none, date: '2031-03-10', count: 4, amount: '0.5' }, ...REPORT.rows.slice(1)],
    });
    renderSignedIn([PAGES.paymentReport], <PaymentReportPage />);
    const chart = await screen.findByTestId('report-chart', undefined, WAIT);
    await waitFor(() => expect(charts.options.get(chart)).toBeTruthy());
    const option = charts.options.get(chart) as {
      xAxis: { data: string[] };
      yAxis: Array<{ name: string }>;
      series: Array<{ name: string; type: string; data: number[] }>;
    };
    expect(option.xAxis.data).toEqual(['2031-03-04', '2031-03-05', '2031-03-06', '2031-03-07', '2031-03-08', '2031-03-09', '2031-03-10']);
    expect(option.series.map(({ name, type, data }) => ({ name, type, data }))).toEqual([
      { name: 'USDT · Devchain', type: 'bar', data: [0, 0, 0, 0, 5, 0, 30.56789] },
      { name: 'DEV · Devchain', type: 'bar', data: [0, 0, 0, 0, 0, 0, 0.5] },
      { name: 'Count', type: 'line', data: [0, 0, 0, 0, 1, 0, 6] },
    ]);
    expect(option.yAxis.map((axis) => axis.name)).toEqual(['USDT / DEV', 'Count']);
    // Compact, so the table's rows stay in view under it.
    expect(parseInt(chart.style.height, 10)).toBeLessThanOrEqual(240);
  });

  it('says what to do next when the period has no row, in each language, and draws no empty chart', async () => {
    api.getReport.mockResolvedValue({ ...REPORT, rows: [], totals: [] });
    renderSignedIn([PAGES.receiptReport], <ReceiptReportPage />);
    expect((await screen.findByTestId('report-empty', undefined, WAIT)).textContent).toBe(
      'No credited deposits in this period: pick another period, chain or token.',
    );
    expect(screen.queryByTestId('report-chart')).toBeNull();
    await act(() => i18n.changeLanguage('zh-HK'));
    await waitFor(() => expect(screen.getByTestId('report-empty').textContent).toBe('此時間範圍內沒有已入賬的充值：請選擇其他時間範圍、鏈或代幣。'));
  });

  it('says a payment period without a row has no withdrawal nor collection fee', async () => {
    api.getReport.mockResolvedValue({ ...REPORT, rows: [], totals: [] });
    renderSignedIn([PAGES.paymentReport], <PaymentReportPage />);
    await screen.findByTestId('report-empty', undefined, WAIT);
    await act(() => i18n.changeLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByTestId('report-empty').textContent).toBe('此时间范围内没有已完成的提现或归集手续费：请选择其他时间范围、链或代币。'));
  });

  it('refuses to search without an end date', async () => {
    renderSignedIn([PAGES.paymentReport], <PaymentReportPage />);
    await screen.findByTestId('report-row-2031-03-10-1337-1', undefined, WAIT);
    await clearPeriod('report-filters');
    fireEvent.click(screen.getByTestId('filter-search'));
    expect(await screen.findByText('A start and an end must be chosen', undefined, WAIT)).toBeTruthy();
    await settle(100);
    expect(api.getReport).toHaveBeenCalledTimes(1);
  });

  it('exports the report and the withdrawals behind a payment report, each saved under the server\u2019s name', async () => {
    renderSignedIn([PAGES.paymentReport, PAGES.withdrawList], <PaymentReportPage />);
    await screen.findByTestId('report-row-2031-03-10-1337-1', undefined, WAIT);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(FILE.fileName, FILE.blob));
    expect(api.exportReport).toHaveBeenCalledWith('payment', DEFAULTS.query);
    fireEvent.click(screen.getByTestId('report-export-orders'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledTimes(2));
    expect(api.exportReportOrders).toHaveBeenCalledWith('payment', DEFAULTS.orders);
    expect(files.saveBlob).toHaveBeenLastCalledWith('withdrawals.csv', FILE.blob);
  });

  it('offers the orders export only with a permission of the direction\u2019s order lists', async () => {
    renderSignedIn([PAGES.receiptReport, PAGES.withdrawOrders], <ReceiptReportPage />);
    await screen.findByTestId('report-row-2031-03-10-1337-1', undefined, WAIT);
    expect(api.getReport).toHaveBeenCalledWith('receipt', DEFAULTS.query);
    expect(screen.getByTestId('report-export')).toBeTruthy();
    expect(screen.queryByTestId('report-export-orders')).toBeNull(); // 302 is a withdrawal list
  });

  it('exports the deposits behind a receipt report with the deposit list permission', async () => {
    renderSignedIn([PAGES.receiptReport, PAGES.depositList], <ReceiptReportPage />);
    await screen.findByTestId('report-row-2031-03-10-1337-1', undefined, WAIT);
    fireEvent.click(screen.getByTestId('report-export-orders'));
    await waitFor(() => expect(api.exportReportOrders).toHaveBeenCalledWith('receipt', DEFAULTS.orders));
  });
});
