import type { Page, Route } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { call } from './api';
import { expect, openAs, test } from './fixtures';

// Data report (601 Payment, 602 Receipt) for a chosen range, and its CSV files. The report
// calls and the exports are answered here (page.route) with known rows; the real server signs
// in and sends the menus. The range is typed, so nothing depends on the machine's clock.

const envelope = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'success', data }) });

const START = '2026-11-18';
const END = '2026-11-24';
const asset = { chainId: 1337, tokenId: 1, chainname: 'Devchain', symbol: 'USDT', decimals: 6, feeSymbol: 'DEV' };
const REPORT = {
  startDate: START,
  endDate: END,
  rows: [
    { ...asset, date: '2026-11-24', count: 2, amount: '30.56789', fee: '0.00042999' },
    { ...asset, date: '2026-11-20', count: 1, amount: '5', fee: '0.0001' },
  ],
  totals: [{ ...asset, count: 3, amount: '35.56789', fee: '0.00052999' }],
};
const REPORT_CSV = 'date,chain,token,count,amount,fee,fee_token\r\n2026-11-24,Devchain,USDT,2,30.56789,0.00042999,DEV\r\n2026-11-20,Devchain,USDT,1,5,0.0001,DEV\r\n';
const ORDERS_CSV = 'order_no,amount\r\nW202611240000000001,30.56789\r\n';

const csv = (filename: string, body: string) => ({
  status: 200,
  contentType: 'text/csv; charset=utf-8',
  headers: { 'content-disposition': `attachment; filename="${filename}"` },
  body,
});

async function typeDate(page: Page, index: 0 | 1, date: string) {
  const input = page.getByTestId('report-filters').locator('.ant-picker input').nth(index);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

test('a payment report for a range, with its CSV and the CSV of its withdrawals', async ({ page, env }) => {
  const zone = (await call<{ timeZone: number }>(env.baseURL, '/api/partner/home/config', {}, env.shared.sessionCode)).data.timeZone;
  const offset = `${zone < 0 ? '-' : '+'}${String(Math.abs(zone)).padStart(2, '0')}:00`;
  const reports: Record<string, unknown>[] = [];
  await page.route('**/api/partner/report/payment', (route: Route) => {
    reports.push(route.request().postDataJSON() as Record<string, unknown>);
    return route.fulfill(envelope(REPORT));
  });
  await openAs(page, env.shared, '/report/payment');
  await expect(page.getByTestId('report-payment')).toBeVisible();

  await typeDate(page, 0, START);
  await typeDate(page, 1, END);
  const [request] = await Promise.all([page.waitForRequest('**/api/partner/report/payment'), page.getByTestId('filter-search').click()]);
  expect(request.postDataJSON()).toEqual({ startDate: START, endDate: END });

  const row = page.getByTestId('report-row-2026-11-24-1337-1');
  await expect(row.getByTestId('report-amount')).toHaveText('30.5678 USDT');
  await expect(row.getByTestId('report-fee')).toHaveText('0.0004 DEV');
  const total = page.getByTestId('report-total-1337-1');
  await expect(total).toContainText('Total');
  await expect(total.getByTestId('report-total-count')).toHaveText('3');
  await expect(total.getByTestId('report-total-amount')).toHaveText('35.5678 USDT');

  // The report as the server writes it, saved under the server's name.
  await page.route('**/api/partner/report/payment/export', (route) => route.fulfill(csv(`payment-${START}-${END}.csv`, REPORT_CSV)));
  const [exportRequest, download] = await Promise.all([
    page.waitForRequest('**/api/partner/report/payment/export'),
    page.waitForEvent('download'),
    page.getByTestId('report-export').click(),
  ]).then(([sent, saved]) => [sent, saved] as const);
  expect(exportRequest.postDataJSON()).toEqual({ startDate: START, endDate: END });
  expect(download.suggestedFilename()).toBe(`payment-${START}-${END}.csv`);
  expect(await readFile((await download.path())!, 'utf8')).toBe(REPORT_CSV);

  // The withdrawals behind it: the same days as instants of the merchant's zone (end exclusive).
  await page.route('**/api/partner/withdraw/export', (route) => route.fulfill(csv('withdrawals.csv', ORDERS_CSV)));
  const [ordersRequest, orders] = await Promise.all([
    page.waitForRequest('**/api/partner/withdraw/export'),
    page.waitForEvent('download'),
    page.getByTestId('report-export-orders').click(),
  ]).then(([sent, saved]) => [sent, saved] as const);
  expect(ordersRequest.postDataJSON()).toEqual({ start: `${START}T00:00:00.000${offset}`, end: `2026-11-25T00:00:00.000${offset}` });
  expect(orders.suggestedFilename()).toBe('withdrawals.csv');
  expect(await readFile((await orders.path())!, 'utf8')).toBe(ORDERS_CSV);
  expect(reports.length).toBeGreaterThanOrEqual(2); // the default period, then the typed one
});

test('the receipt report refuses a range without an end and shows the server\u2019s error on export', async ({ page, env }) => {
  await page.route('**/api/partner/report/receipt', (route) => route.fulfill(envelope({ ...REPORT, rows: [], totals: [] })));
  await openAs(page, env.shared, '/report/receipt');
  await expect(page.getByTestId('report-receipt')).toContainText('No complete order in this period.');
  await page.getByTestId('report-filters').locator('.ant-picker-range').hover();
  await page.getByTestId('report-filters').locator('.ant-picker-clear').click();
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId('report-filters')).toContainText('A start and an end must be chosen');

  await typeDate(page, 0, START);
  await typeDate(page, 1, END);
  await page.getByTestId('filter-search').click();
  await page.route('**/api/partner/report/receipt/export', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 10422, msg: 'The start must not be after the end', data: null }) }),
  );
  await page.getByTestId('report-export').click();
  await expect(page.locator('.ant-message-notice-content').last()).toHaveText('The start must not be after the end');
});
