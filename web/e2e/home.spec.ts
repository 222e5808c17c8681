import type { Page, Route } from '@playwright/test';
import { expect, openAs, test } from './fixtures';

// Home: the overview and the daily charts, drawn from the server's answers. The two Home calls
// are answered here (page.route) with known figures; the real server signs in and sends the
// menus. Dates come from these answers, never from the machine's clock.

const envelope = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'success', data }) });

const TODAY = '2026-11-24';
const usdt = (amount: string) => ({ chainId: 1337, tokenId: 1, chainname: 'Devchain', symbol: 'USDT', decimals: 6, amount });
const dev = (amount: string) => ({ chainId: 1337, tokenId: null, chainname: 'Devchain', symbol: 'DEV', decimals: 18, amount });
const none = { count: 0, totals: [] };

function overview(startDate: string, endDate: string) {
  return {
    timeZone: 8,
    today: { date: TODAY, deposits: { count: 7, totals: [usdt('70.5')] }, withdrawals: none },
    startDate,
    endDate,
    holdings: [
      { ...usdt('0'), hotWallets: '120.56789', hotWalletsReadAt: '2026-11-24T01:02:03Z', depositAddresses: '30.99999', cold: '1000', coldReadAt: '2026-11-23T16:00:00Z' },
      { ...dev('0'), hotWallets: '0.5', hotWalletsReadAt: '2026-11-24T01:02:03Z', depositAddresses: '0', cold: null, coldReadAt: null },
    ],
    period: { deposits: { count: 5, totals: [usdt('250.123456')] }, withdrawals: { count: 2, totals: [usdt('10.5')] } },
    waiting: { withdrawalsInReview: 3, callbacksFailing: 1, coldRequestsPending: 0 },
    chains: [{ chainId: 1337, chainname: 'Devchain', scannedHeight: 1234, tipHeight: 1240, lagBlocks: 6, scannedAt: '2026-11-24T02:00:00Z' }],
    gettingStarted: { tokenEnabled: true, hotWallet: true, callbackUrl: false, apiKey: true, rsaKey: false },
  };
}

/** Every day of the range, with deposits on some of them. */
function daily(startDate: string, endDate: string) {
  const days: object[] = [];
  for (let day = new Date(`${startDate}T00:00:00Z`); day <= new Date(`${endDate}T00:00:00Z`); day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    const index = days.length;
    days.push({
      date,
      deposits: index % 2 === 0 ? { count: index + 1, totals: [usdt(`${(index + 1) * 10}.5`)] } : none,
      withdrawals: index === 1 ? { count: 1, totals: [usdt('10.5')] } : none,
    });
  }
  return { startDate, endDate, days };
}

/** Answers the Home calls; returns the bodies the page sent. */
async function serveHome(page: Page) {
  const sent: { overview: Record<string, string>[]; daily: Record<string, string>[] } = { overview: [], daily: [] };
  await page.route('**/api/partner/home/main_v3_2', (route: Route) => {
    const body = (route.request().postDataJSON() ?? {}) as Record<string, string>;
    sent.overview.push(body);
    return route.fulfill(envelope(overview(body.startDate ?? '2026-11-18', body.endDate ?? TODAY)));
  });
  await page.route('**/api/partner/home/queryDailyTxData', (route: Route) => {
    const body = route.request().postDataJSON() as Record<string, string>;
    sent.daily.push(body);
    return route.fulfill(envelope(daily(body.startDate, body.endDate)));
  });
  return sent;
}

test('Home shows the figures and draws the daily charts', async ({ page, env }) => {
  const sent = await serveHome(page);
  await openAs(page, env.shared, '/home');

  // The period the server chose (the last 7 days ending its today).
  await expect(page.getByTestId('home-today')).toContainText(`Today (${TODAY})`);
  await expect(page.getByTestId('home-period-figures')).toContainText('Period 2026-11-18 to 2026-11-24');
  expect(sent.overview[0]).toEqual({});
  expect(sent.daily[0]).toEqual({ startDate: '2026-11-18', endDate: TODAY });

  // Figures, 4 decimals rounded down; readings in the merchant's zone (UTC+8).
  const usdtRow = page.getByTestId('home-holding-1337-1');
  await expect(usdtRow.getByTestId('home-holding-hot')).toHaveText('120.5678 USDT');
  await expect(usdtRow.getByTestId('home-holding-hot-read-at')).toHaveText('Read at 2026-11-24 09:02:03');
  await expect(usdtRow.getByTestId('home-holding-deposits')).toHaveText('30.9999 USDT');
  await expect(usdtRow.getByTestId('home-holding-cold')).toHaveText('1000.0000 USDT');
  await expect(page.getByTestId('home-holding-1337-native').getByTestId('home-holding-cold-unread')).toHaveText('Not read yet');
  await expect(page.getByTestId('home-period-figures-deposits-amount')).toHaveText('250.1234 USDT');
  await expect(page.getByTestId('home-period-figures-deposits-count')).toHaveText('5 complete');
  // Today, as the server counted it (the series' 7th day too: 7 deposits of 70.5).
  await expect(page.getByTestId('home-today-deposits-count')).toHaveText('7 complete');
  await expect(page.getByTestId('home-today-deposits-amount')).toHaveText('70.5000 USDT');
  await expect(page.getByTestId('home-waiting-withdrawalsInReview')).toContainText('3');
  await expect(page.getByTestId('home-chain-lag-1337')).toHaveText('6');

  // The charts: a canvas of real size in each container.
  for (const chart of ['home-chart-deposits', 'home-chart-withdrawals']) {
    const canvas = page.getByTestId(chart).locator('canvas');
    await expect(canvas).toHaveCount(1);
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(200);
  }
  // Something is drawn: the canvas holds pixels that are not transparent.
  const painted = await page
    .getByTestId('home-chart-deposits')
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count += 1;
      return count;
    });
  expect(painted).toBeGreaterThan(1000);

  // Another period: the overview and the series are asked for those days.
  const overviewCard = page.getByTestId('home-overview');
  const start = overviewCard.locator('.ant-picker input').nth(0);
  await start.click();
  await start.fill('2026-11-01');
  await start.press('Enter');
  const end = overviewCard.locator('.ant-picker input').nth(1);
  await end.fill('2026-11-20');
  await end.press('Enter');
  await expect(page.getByTestId('home-period-figures')).toContainText('Period 2026-11-01 to 2026-11-20');
  // Today's figures stay the server's, whichever period is shown.
  await expect(page.getByTestId('home-today-deposits-count')).toHaveText('7 complete');
  expect(sent.overview.at(-1)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-20' });
  expect(sent.daily.at(-1)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-20' });
});

test('the getting-started card links each undone step to its screen', async ({ page, env }) => {
  await serveHome(page);
  await openAs(page, env.shared, '/home');
  const card = page.getByTestId('home-getting-started');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('home-step-link-tokenEnabled')).toHaveCount(0);
  await card.getByTestId('home-step-link-callbackUrl').click();
  await expect(page).toHaveURL(/#\/system\/callback$/);
});

test('Home in zh-HK: its texts in traditional Chinese, the figures and charts the same', async ({ page, env }) => {
  await serveHome(page);
  await openAs(page, env.shared, '/home', 'zh-HK');
  await expect(page.getByTestId('home-overview')).toContainText('概覽');
  await expect(page.getByTestId('home-today')).toContainText(`今日（${TODAY}）`);
  await expect(page.getByTestId('home-today-deposits-count')).toHaveText('已完成 7 筆');
  await expect(page.getByTestId('home-holding-1337-1').getByTestId('home-holding-hot')).toHaveText('120.5678 USDT');
  await expect(page.getByTestId('home-holding-1337-1').getByTestId('home-holding-hot-read-at')).toHaveText('讀取於 2026-11-24 09:02:03');
  await expect(page.getByTestId('home-chart-withdrawals').locator('canvas')).toHaveCount(1);
});
