import type { Download, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { chartTooltips } from './charts';
import { listDeposits, typeDate } from './deposits';
import { expect, openAs, test, toastText, type E2eEnv } from './fixtures';
import { addDays, byDay, merchantDay, seedMerchant, shownAmount, sumAmounts, within, type DayFigures, type SeededMerchant } from './merchantOrders';
import { listWithdrawals } from './withdrawals';

// Data report (601 Payment, 602 Receipt) over real orders: a merchant of its own (UTC+9, its day
// is not the browser's at UTC-10) with two devchain deposits, a withdrawal the executor carried
// out and one held for review. The range is chosen in the merchant's days from the orders'
// createtime as the server returned them; rows, totals and both CSV files are checked against
// what the server's order lists say about those orders.

const BAR = 'report-filters';

let seeded: Promise<SeededMerchant> | null = null;
/** One seeded merchant for the whole file (per worker: a worker started after a failure seeds its own). */
const merchant = (env: E2eEnv) =>
  (seeded ??= seedMerchant(env, `reports-${process.pid}@seeded.example`, {
    timeZone: 9,
    funded: '50',
    deposits: ['7.123456', '2.5'],
    withdrawals: ['4.75'],
    inReview: ['1500'],
  }));

/** The report's range: the day before the first order to the day of the last, in the merchant's days. */
function rangeOf(seededMerchant: SeededMerchant): { start: string; end: string } {
  const days = [...seededMerchant.deposits, ...seededMerchant.withdrawals, ...seededMerchant.inReview]
    .map((order) => merchantDay(order.createtime, seededMerchant.timeZone))
    .sort();
  return { start: addDays(days[0], -1), end: days.at(-1)! };
}

/** `+09:00` for 9, `-05:00` for -5. */
const offsetOf = (hours: number) => `${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;

/** Clicks an export button; returns the body it posted and the file the browser saved. */
async function download(page: Page, button: string, path: string): Promise<{ body: Record<string, unknown>; file: Download; text: string }> {
  const [request, file] = await Promise.all([page.waitForRequest(`**${path}`), page.waitForEvent('download'), page.getByTestId(button).click()]);
  return { body: request.postDataJSON() as Record<string, unknown>, file, text: await readFile((await file.path())!, 'utf8') };
}

/** The order numbers of an order export: the first cell of each line after the header. */
const orderNumbers = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(',')[0])
    .sort();

/** Opens a report, picks the range and searches; returns the query the page sent. */
async function reportFor(page: Page, seededMerchant: SeededMerchant, direction: 'payment' | 'receipt', range: { start: string; end: string }) {
  await openAs(page, seededMerchant.session, `/report/${direction}`);
  await expect(page.getByTestId(`report-${direction}`)).toBeVisible();
  await typeDate(page, BAR, 0, range.start);
  await typeDate(page, BAR, 1, range.end);
  const [request] = await Promise.all([page.waitForRequest(`**/api/partner/report/${direction}`), page.getByTestId('filter-search').click()]);
  return request.postDataJSON() as Record<string, unknown>;
}

/** The rows, total and report CSV of one direction against the orders' figures per merchant day. */
async function expectReport(page: Page, direction: 'payment' | 'receipt', days: Map<string, DayFigures>, range: { start: string; end: string }) {
  const shown = [...days].filter(([day]) => day >= range.start && day <= range.end).sort(([a], [b]) => b.localeCompare(a));
  expect(shown.length).toBeGreaterThan(0);
  await expect(page.locator('[data-testid^="report-row-"]')).toHaveCount(shown.length);
  // Money out shows the network fees; deposits pay none the merchant sees: no fee column at all.
  const payment = direction === 'payment';
  const headers = await page.getByTestId('report-table').locator('thead').first().locator('th').allInnerTexts();
  expect(headers).toEqual(['Date', 'Chain', 'Token', 'Count', 'Amount', ...(payment ? ['Network fee', 'Collections', 'Collection network fee'] : [])]);
  for (const [day, figures] of shown) {
    const row = page.getByTestId(`report-row-${day}-1337-1`);
    await expect(row.locator('td').nth(3)).toHaveText(String(figures.count));
    await expect(row.getByTestId('report-amount')).toHaveText(`${shownAmount(figures.amount)} USDT`);
    await expect(row.getByTestId('report-amount')).toHaveAttribute('data-amount', figures.amount);
    await expect(row.locator('td')).toHaveCount(headers.length);
    // This merchant collects nothing: money out holds no collection fee.
    if (payment) {
      await expect(row.getByTestId('report-fee')).toHaveAttribute('data-amount', figures.fee);
      await expect(row.getByTestId('report-collection-fee')).toHaveAttribute('data-amount', '0');
    } else await expect(row.getByTestId('report-fee')).toHaveCount(0);
  }
  const total = page.getByTestId('report-total-1337-1');
  const count = shown.reduce((sum, [, figures]) => sum + figures.count, 0);
  const amount = sumAmounts(shown.map(([, figures]) => figures.amount));
  await expect(total).toContainText('Total');
  await expect(total.getByTestId('report-total-count')).toHaveText(String(count));
  await expect(total.getByTestId('report-total-amount')).toHaveText(`${shownAmount(amount)} USDT`);
  if (payment) await expect(total.getByTestId('report-total-fee')).toHaveAttribute('data-amount', sumAmounts(shown.map(([, figures]) => figures.fee)));
  else await expect(total.getByTestId('report-total-fee')).toHaveCount(0);

  // The chart above the table: every day of the range with its count and amount, as the rows
  // say; compact, so the table stays in view under it.
  const tooltips = await chartTooltips(page, 'report-chart');
  expect((await page.getByTestId('report-chart').boundingBox())!.height).toBeLessThanOrEqual(240);
  for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
    const figures = within(days, day, day);
    const text = tooltips.get(day);
    expect(text, `${direction} chart ${day} among ${[...tooltips.keys()].join(', ')}`).toBeDefined();
    expect(text, `${direction} chart ${day}`).toMatch(new RegExp(`Count\\s*${figures.count}\\b`));
    expect(text, `${direction} chart ${day}`).toMatch(new RegExp(`USDT · Devchain\\s*${shownAmount(figures.amount).replace('.', '\\.')} USDT`));
  }

  // The report as the server writes it, saved under the server's name.
  const report = await download(page, 'report-export', `/api/partner/report/${direction}/export`);
  expect(report.body).toEqual({ startDate: range.start, endDate: range.end });
  expect(report.file.suggestedFilename()).toBe(`${direction}-${range.start}-${range.end}.csv`);
  // Only the payment report has network fees, and its collections with theirs.
  const header = payment ? ',fee,fee_token,collections,collection_fee' : '';
  const lines = shown.map(
    ([day, figures]) => `${day},Devchain,USDT,${figures.count},${figures.amount}${payment ? `,${figures.fee},DEV,0,0` : ''}\r\n`,
  );
  expect(report.text).toBe(`date,chain,token,count,amount${header}\r\n${lines.join('')}`);
}

test('a payment report for a range: its rows, totals, CSV and the CSV of its withdrawals', async ({ page, env }) => {
  test.setTimeout(240_000);
  const seededMerchant = await merchant(env);
  const range = rangeOf(seededMerchant);
  expect(await reportFor(page, seededMerchant, 'payment', range)).toEqual({ startDate: range.start, endDate: range.end });
  // Complete withdrawals only: the one held for review is not money out.
  await expectReport(page, 'payment', byDay(seededMerchant.withdrawals, seededMerchant.timeZone), range);

  // The withdrawals behind it: the same days as instants of the merchant's zone (end exclusive),
  // every withdrawal the list holds for them, whatever its state.
  const offset = offsetOf(seededMerchant.timeZone);
  const orders = await download(page, 'report-export-orders', '/api/partner/withdraw/export');
  expect(orders.body).toEqual({ start: `${range.start}T00:00:00.000${offset}`, end: `${addDays(range.end, 1)}T00:00:00.000${offset}` });
  expect(orders.file.suggestedFilename()).toMatch(/^withdrawals-\d{8}-\d{8}\.csv$/);
  const listed = await listWithdrawals(env, seededMerchant.session.sessionCode, orders.body);
  expect(listed.map((order) => order.orderNo).sort()).toEqual(
    [...seededMerchant.withdrawals, ...seededMerchant.inReview].map((order) => order.orderNo).sort(),
  );
  expect(orderNumbers(orders.text)).toEqual(listed.map((order) => order.orderNo).sort());
  for (const order of listed) expect(orders.text.split('\r\n').find((line) => line.startsWith(`${order.orderNo},`))).toContain(`,${order.amount},`);
});

test('a receipt report for a range: its rows, totals, CSV and the CSV of its deposits', async ({ page, env }) => {
  test.setTimeout(240_000);
  const seededMerchant = await merchant(env);
  const range = rangeOf(seededMerchant);
  await reportFor(page, seededMerchant, 'receipt', range);
  // Deposits bear no fee of the merchant's.
  const days = byDay(seededMerchant.deposits, seededMerchant.timeZone);
  for (const figures of days.values()) expect(figures.fee).toBe('0');
  await expectReport(page, 'receipt', days, range);

  const offset = offsetOf(seededMerchant.timeZone);
  const orders = await download(page, 'report-export-orders', '/api/partner/deposit/export');
  expect(orders.body).toEqual({ start: `${range.start}T00:00:00.000${offset}`, end: `${addDays(range.end, 1)}T00:00:00.000${offset}` });
  expect(orders.file.suggestedFilename()).toMatch(/^deposits-\d{8}-\d{8}\.csv$/);
  const listed = (await listDeposits(env, seededMerchant.session.sessionCode, orders.body)).list;
  expect(listed.map((order) => order.orderNo).sort()).toEqual(seededMerchant.deposits.map((order) => order.orderNo).sort());
  expect(orderNumbers(orders.text)).toEqual(listed.map((order) => order.orderNo).sort());
  for (const order of listed) expect(orders.text.split('\r\n').find((line) => line.startsWith(`${order.orderNo},`))).toContain(`,${order.amount},`);

  // A range of days before the orders: no row, and a CSV of the header alone.
  const before = { start: addDays(range.start, -7), end: addDays(range.start, -1) };
  await typeDate(page, BAR, 0, before.start);
  await typeDate(page, BAR, 1, before.end);
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId('report-empty')).toHaveText('No credited deposits in this period: pick another period, chain or token.');
  await expect(page.getByTestId('report-chart')).toHaveCount(0);
  const empty = await download(page, 'report-export', '/api/partner/report/receipt/export');
  expect(empty.body).toEqual({ startDate: before.start, endDate: before.end });
  expect(empty.text).toBe('date,chain,token,count,amount\r\n');
});

test('the receipt report refuses a range without an end; an export without a session signs out', async ({ page, env }) => {
  test.setTimeout(240_000);
  const seededMerchant = await merchant(env);
  await openAs(page, seededMerchant.session, '/report/receipt');
  await expect(page.getByTestId('report-receipt')).toBeVisible();
  await page.getByTestId(BAR).locator('.ant-picker-range').hover();
  await page.getByTestId(BAR).locator('.ant-picker-clear').click();
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId(BAR)).toContainText('A start and an end must be chosen');

  // The server refuses an export from an unknown session with its envelope instead of a file:
  // the console says so and signs out, and saves nothing.
  const range = rangeOf(seededMerchant);
  await typeDate(page, BAR, 0, range.start);
  await typeDate(page, BAR, 1, range.end);
  await page.getByTestId('filter-search').click();
  await page.evaluate(() => localStorage.setItem('coffer.token', 'not-a-session'));
  let saved = 0;
  page.on('download', () => (saved += 1));
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/partner/report/receipt/export')),
    page.getByTestId('report-export').click(),
  ]);
  expect(await answer.json()).toMatchObject({ code: 10506 });
  await expect(toastText(page)).toHaveText('Login authorization expired');
  await expect(page).toHaveURL(/#\/login/);
  expect(saved).toBe(0);
});
