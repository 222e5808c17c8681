import type { Locator, Page } from '@playwright/test';
import { call } from './api';
import { chartTooltips } from './charts';
import { expect, openAs, sidewaysOverflow, test, type E2eEnv } from './fixtures';
import { BIG, envelope } from './listCases';
import { addDays, byDay, differenceOf, merchantDay, merchantTime, seedMerchant, shownAmount, sumAmounts, within, type SeededMerchant } from './merchantOrders';

// Home over real orders: a merchant of its own (UTC+13, so its day is not the browser's at
// UTC-10) gets two devchain deposits, a withdrawal the executor carries out and one held for
// review. Every figure expected is what the server's order lists say about those orders, grouped
// by the merchant day of their createtime; today's date is the server's (never the test's clock).

const OVERVIEW = '/api/partner/home/main_v3_2';

interface Overview {
  timeZone: number;
  today: { date: string };
  startDate: string;
  endDate: string;
  holdings: { chainId: number; tokenId: number | null; hotWallets: string; hotWalletsReadAt: string | null }[];
}

let seeded: Promise<SeededMerchant> | null = null;
/** One seeded merchant for the whole file (per worker: a worker started after a failure seeds its own). */
const merchant = (env: E2eEnv) =>
  (seeded ??= seedMerchant(env, `home-${process.pid}@seeded.example`, {
    timeZone: 13,
    funded: '50',
    deposits: ['12.345678', '0.5'],
    withdrawals: ['3.25'],
    inReview: ['1200'],
  }));

/** Opens Home and returns the overview the page was given. */
async function openHome(page: Page, seededMerchant: SeededMerchant, lang = 'en'): Promise<Overview> {
  const answer = page.waitForResponse((response) => response.url().endsWith(OVERVIEW));
  await openAs(page, seededMerchant.session, '/home', lang);
  return ((await (await answer).json()) as { data: Overview }).data;
}

/** Checks a figure tile's count and amount against the orders it should count. */
async function expectTally(page: Page, card: string, kind: 'deposits' | 'withdrawals', figures: { count: number; amount: string }) {
  await expect(page.getByTestId(`${card}-${kind}-count`)).toHaveText(String(figures.count));
  const amount = page.getByTestId(`${card}-${kind}-amount`);
  if (figures.count === 0) await expect(amount).toHaveCount(0);
  else {
    await expect(amount).toHaveText(`${shownAmount(figures.amount)} USDT`);
    await expect(amount).toHaveAttribute('data-amount', figures.amount);
  }
}

/**
 * Waits until the balance worker has read the merchant's devchain hot wallet: it picks up a new
 * wallet on its next round (every 15 s), so right after seeding the holding may be unread yet.
 */
async function hotWalletRead(env: E2eEnv, seededMerchant: SeededMerchant) {
  await expect
    .poll(
      async () => {
        const answer = await call<Overview>(env.baseURL, OVERVIEW, {}, seededMerchant.session.sessionCode);
        return answer.data?.holdings.find((holding) => holding.chainId === 1337 && holding.tokenId === 1)?.hotWalletsReadAt ?? null;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .not.toBeNull();
}

test('Home shows the seeded orders: today, the period, holdings, waiting work and the daily charts', async ({ page, env }) => {
  test.setTimeout(240_000);
  const seededMerchant = await merchant(env);
  await hotWalletRead(env, seededMerchant);
  const overview = await openHome(page, seededMerchant);
  const zone = seededMerchant.timeZone;
  expect(overview.timeZone).toBe(13);
  const deposits = byDay(seededMerchant.deposits, zone);
  const withdrawals = byDay(seededMerchant.withdrawals, zone);
  // The server's today; the orders were made minutes ago, so theirs is today or (past midnight) yesterday.
  const today = overview.today.date;
  for (const order of [...seededMerchant.deposits, ...seededMerchant.withdrawals]) expect([addDays(today, -1), today]).toContain(merchantDay(order.createtime, zone));

  // The default period: the 7 days ending the server's today.
  expect([overview.startDate, overview.endDate]).toEqual([addDays(today, -6), today]);
  await expect(page.getByTestId('home-today')).toContainText(`Today (${today})`);
  await expect(page.getByTestId('home-period-figures')).toContainText(`Period ${overview.startDate} to ${today}`);

  await expectTally(page, 'home-today', 'deposits', within(deposits, today, today));
  await expectTally(page, 'home-today', 'withdrawals', within(withdrawals, today, today));
  const periodCard = page.getByTestId('home-period-figures');
  const periodDeposits = within(deposits, overview.startDate, overview.endDate);
  expect(periodDeposits.count).toBe(2); // every seeded deposit is in the last 7 days
  await expectTally(page, 'home-period-figures', 'deposits', periodDeposits);
  await expectTally(page, 'home-period-figures', 'withdrawals', within(withdrawals, overview.startDate, overview.endDate));

  // Holdings: deposit addresses hold every complete deposit (nothing is collected yet).
  const usdt = page.getByTestId('home-holding-1337-1');
  const deposited = sumAmounts(seededMerchant.deposits.map((order) => order.amount));
  await expect(usdt.getByTestId('home-holding-deposits')).toHaveText(`${shownAmount(deposited)} USDT`);
  await expect(usdt.getByTestId('home-holding-deposits')).toHaveAttribute('data-amount', deposited);
  // The hot wallet is read every 300 s (and once after it was added, awaited above): whatever the reading caught, it is
  // one of the balances the wallet had: before the faucet, funded, after the withdrawal.
  const paidOut = sumAmounts(seededMerchant.withdrawals.map((order) => order.amount));
  const balances = ['0', seededMerchant.funded, differenceOf(seededMerchant.funded, paidOut)];
  const held = overview.holdings.find((holding) => holding.chainId === 1337 && holding.tokenId === 1)!;
  expect(balances).toContain(held.hotWallets);
  await expect(usdt.getByTestId('home-holding-hot')).toHaveText(`${shownAmount(held.hotWallets)} USDT`);
  // Read once the wallet was added, so its time is known; shown in the merchant's zone, not the browser's.
  expect(held.hotWalletsReadAt).not.toBeNull();
  await expect(usdt.getByTestId('home-holding-hot-read-at')).toHaveText(`Read at ${merchantTime(held.hotWalletsReadAt!, zone)}`);

  // Waiting: the withdrawal held for review, as the list counts orders in state 1.
  expect(seededMerchant.inReview).toHaveLength(1);
  await expect(page.getByTestId('home-waiting-withdrawalsInReview').locator('.ant-tag')).toHaveText(String(seededMerchant.inReview.length));

  // The charts: every day of the period, with the day's count and amount as the lists say.
  for (const [testId, days] of [
    ['home-chart-deposits', deposits],
    ['home-chart-withdrawals', withdrawals],
  ] as const) {
    const tooltips = await chartTooltips(page, testId);
    for (let day = overview.startDate; day <= overview.endDate; day = addDays(day, 1)) {
      const figures = within(days, day, day);
      const text = tooltips.get(day);
      expect(text, `${testId} ${day} among ${[...tooltips.keys()].join(', ')}`).toBeDefined();
      expect(text, `${testId} ${day}`).toMatch(new RegExp(`Count\\s*${figures.count}\\b`));
      expect(text, `${testId} ${day}`).toMatch(new RegExp(`USDT · Devchain\\s*${shownAmount(figures.amount).replace('.', '\\.')} USDT`));
    }
  }

  // A period before the orders: nothing moved in it; today's figures stay today's.
  const firstDay = [...deposits.keys()].sort()[0];
  const overviewCard = page.getByTestId('home-overview');
  const [start, end] = [addDays(firstDay, -10), addDays(firstDay, -1)];
  const asked = page.waitForRequest((request) => request.url().endsWith(OVERVIEW) && request.postDataJSON()?.startDate === start);
  const startInput = overviewCard.locator('.ant-picker input').nth(0);
  await startInput.click();
  await startInput.fill(start);
  await startInput.press('Enter');
  const endInput = overviewCard.locator('.ant-picker input').nth(1);
  await endInput.fill(end);
  await endInput.press('Enter');
  expect((await asked).postDataJSON()).toEqual({ startDate: start, endDate: end });
  await expect(periodCard).toContainText(`Period ${start} to ${end}`);
  await expectTally(page, 'home-period-figures', 'deposits', within(deposits, start, end));
  await expectTally(page, 'home-today', 'deposits', within(deposits, today, today));
});

test('the getting-started card links each undone step to its screen', async ({ page, env }) => {
  test.setTimeout(240_000);
  await openHome(page, await merchant(env));
  const card = page.getByTestId('home-getting-started');
  // The seeded merchant enabled a token with a hot wallet, and set no callback address.
  await expect(card.getByTestId('home-step-tokenEnabled')).toHaveAttribute('data-done', 'true');
  await expect(card.getByTestId('home-step-link-tokenEnabled')).toHaveCount(0);
  await expect(card.getByTestId('home-step-link-hotWallet')).toHaveCount(0);
  await card.getByTestId('home-step-link-callbackUrl').click();
  await expect(page).toHaveURL(/#\/system\/callback$/);
});

test('Home in zh-HK: its texts in traditional Chinese, the same figures', async ({ page, env }) => {
  test.setTimeout(240_000);
  const seededMerchant = await merchant(env);
  const overview = await openHome(page, seededMerchant, 'zh-HK');
  const today = overview.today.date;
  const todays = within(byDay(seededMerchant.deposits, seededMerchant.timeZone), today, today);
  await expect(page.getByTestId('home-overview')).toContainText('概覽');
  await expect(page.getByTestId('home-today')).toContainText(`今日（${today}）`);
  await expect(page.getByTestId('home-today')).toContainText('已完成的訂單');
  await expect(page.getByTestId('home-today-deposits-count')).toHaveText(String(todays.count));
  const deposited = sumAmounts(seededMerchant.deposits.map((order) => order.amount));
  await expect(page.getByTestId('home-holding-1337-1').getByTestId('home-holding-deposits')).toHaveText(`${shownAmount(deposited)} USDT`);
  await expect(page.getByTestId('home-chart-withdrawals').locator('canvas')).toHaveCount(1);
});

/** The element's box on the page (scrolled in: its y is from the top of the document). */
async function pageBox(locator: Locator) {
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
  });
  return { ...box, bottom: box.y + box.height, right: box.x + box.width };
}

test('Home puts the money first at 1440: a low balance warned, figure tiles, holdings beside waiting, the charts, getting started, the chains', async ({ page, env }) => {
  test.setTimeout(240_000);
  await openHome(page, await merchant(env));
  await expect(page.getByTestId('home-chart-deposits').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('home-getting-started')).toBeVisible(); // the seeded merchant set no callback address
  const [head, today, period, holdings, waiting, charts, started, chains] = await Promise.all(
    ['home-overview', 'home-today', 'home-period-figures', 'home-holdings', 'home-waiting', 'home-charts', 'home-getting-started', 'home-chains'].map((id) =>
      pageBox(page.getByTestId(id)),
    ),
  );
  // A new merchant holds no points: below the default thresholds (docs/operations.md), warned
  // between the period and the tiles.
  const warning = await pageBox(page.getByTestId('home-points-low'));
  expect(warning.y).toBeGreaterThan(head.bottom);
  // Today and the period side by side, under the period and the warning, in sight on opening.
  expect(today.y).toBeGreaterThan(warning.bottom);
  expect(period.y).toBeCloseTo(today.y, 0);
  expect(period.x).toBeGreaterThan(today.right);
  expect(today.bottom).toBeLessThanOrEqual(900);
  // Then holdings, with what waits beside them.
  expect(holdings.y).toBeGreaterThan(today.bottom);
  expect(waiting.y).toBeCloseTo(holdings.y, 0);
  expect(waiting.x).toBeGreaterThan(holdings.right);
  // Then the charts, getting started, the chains.
  expect(charts.y).toBeGreaterThan(Math.max(holdings.bottom, waiting.bottom));
  expect(started.y).toBeGreaterThan(charts.bottom);
  expect(chains.y).toBeGreaterThan(started.bottom);
});

// Holdings never scroll sideways where staff work: the merchant's real rows, each amount the
// widest the contract allows (15 whole digits) and every balance read, served in place of the
// overview's holdings, so the check holds for any merchant's figures.
for (const width of [1200, 1440]) {
  for (const lang of ['en', 'zh-CN']) {
    test.describe(`at ${width} px in ${lang}`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('the holdings table needs no sideways scroll', async ({ page, env }) => {
        test.setTimeout(240_000);
        const seededMerchant = await merchant(env);
        await page.route(`**${OVERVIEW}`, async (route) => {
          const answer = (await (await route.fetch()).json()) as { data: Overview };
          const readAt = '2031-03-10T01:02:03Z';
          const holdings = answer.data.holdings.map((holding) => ({ ...holding, hotWallets: BIG, hotWalletsReadAt: readAt, depositAddresses: BIG, cold: BIG, coldReadAt: readAt }));
          await route.fulfill(envelope({ ...answer.data, holdings }));
        });
        await openHome(page, seededMerchant, lang);
        const card = page.getByTestId('home-holdings');
        const usdt = card.getByTestId('home-holding-1337-1');
        await expect(usdt.getByTestId('home-holding-cold')).toHaveAttribute('data-amount', BIG);
        await expect(page.getByTestId('home-waiting')).toBeVisible();
        const overflow = await card.locator('.ant-table-content').evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow, 'no sideways scroll in the holdings').toBeLessThanOrEqual(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        // Every cell of the row inside the card, not cut at its edge.
        const cardBox = await pageBox(card);
        for (const cell of await usdt.locator('td').all()) {
          const box = await pageBox(cell);
          expect(box.right).toBeLessThanOrEqual(cardBox.right);
        }
      });
    });
  }
}

// On a phone the chain-scanning card fits the screen: each chain's fields on lines of their own,
// nothing scrolled sideways or cut. The chains are wide ones (a long name, nine-digit heights and
// lag) and one not scanned yet, served in place of the overview's.
const WIDE_CHAINS = [
  { chainId: 97, chainname: 'BNB Smart Chain Testnet', scannedHeight: 987_654_321, tipHeight: 999_999_999, lagBlocks: 12_345_678, scannedAt: '2031-03-10T01:02:03Z' },
  { chainId: 98, chainname: 'Devchain', scannedHeight: null, tipHeight: null, lagBlocks: null, scannedAt: null },
];
for (const lang of ['en', 'zh-CN']) {
  test.describe(`at 390 px in ${lang}`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the chain-scanning card needs no sideways scroll', async ({ page, env }) => {
      await page.route(`**${OVERVIEW}`, async (route) => {
        const answer = (await (await route.fetch()).json()) as { data: Overview };
        await route.fulfill(envelope({ ...answer.data, chains: WIDE_CHAINS }));
      });
      await openAs(page, env.shared, '/home', lang);
      const card = page.getByTestId('home-chains');
      await expect(card.getByTestId('home-chain-lag-97')).toHaveText('12345678');
      await expect(card.locator('tr.ant-table-row')).toHaveCount(WIDE_CHAINS.length);
      expect(await sidewaysOverflow(page, card), 'nothing scrolls sideways or reaches past the screen').toEqual([]);
    });
  });
}
