import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyTx, HomeOverview, Tally } from '@/api/home';
import i18n from '@/locales';
import { PAGES } from '@/router/permissions';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import HomePage from './HomePage';
import * as homeModule from '@/api/home';
import * as configModule from '@/api/config';
import * as pointsModule from '@/api/points';

vi.mock('@/api/home');
const api = vi.mocked(homeModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/api/points');
const points = vi.mocked(pointsModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
// jsdom draws no canvas: the chart module is replaced by a recorder of what the screen asks it to draw.
const charts = vi.hoisted(() => ({ options: new Map<HTMLElement, unknown>(), disposed: 0 }));
vi.mock('@/components/charts/echarts', () => ({
  init: (element: HTMLElement) => ({
    setOption: (option: unknown) => charts.options.set(element, option),
    resize: () => undefined,
    dispose: () => {
      charts.disposed += 1;
    },
  }),
}));

const WAIT = { timeout: 8000 };

// A date no wall clock is at while these tests run: the screen must take "today" from the server.
const TODAY = '2031-03-10';
const START = '2031-03-04';
const usdt = (amount: string) => ({ chainId: 1337, tokenId: 1, chainname: 'Devchain', symbol: 'USDT', decimals: 6, amount });
const tally = (count: number, ...amounts: string[]): Tally => ({ count, totals: amounts.map(usdt) });
const none = tally(0);
const day = (date: string, deposits: Tally, withdrawals: Tally = none): DailyTx => ({ date, deposits, withdrawals });

function overview(overrides: Partial<HomeOverview> = {}): HomeOverview {
  return {
    timeZone: 8,
    today: { date: TODAY, deposits: tally(1, '7.123456789'), withdrawals: none, exchanges: none },
    startDate: START,
    endDate: TODAY,
    holdings: [
      {
        chainId: 1337,
        tokenId: 1,
        chainname: 'Devchain',
        symbol: 'USDT',
        decimals: 6,
        hotWallets: '120.56789',
        hotWalletsReadAt: '2031-03-10T01:02:03Z',
        depositAddresses: '30.99999',
        cold: null,
        coldReadAt: null,
      },
    ],
    period: { deposits: tally(5, '250.123456'), withdrawals: tally(2, '10.5'), exchanges: tally(3, '300') },
    // The oldest withdrawal in review came on 2031-02-21 at UTC+8 (still the 20th in UTC).
    waiting: {
      withdrawalsInReview: 3,
      withdrawalsInReviewSince: '2031-02-20T17:00:00Z',
      exchangesHeld: 2,
      exchangesHeldSince: '2031-03-09T03:00:00Z',
      callbacksFailing: 1,
      coldRequestsPending: 0,
    },
    chains: [{ chainId: 1337, chainname: 'Devchain', scannedHeight: 1234, tipHeight: 1240, lagBlocks: 6, scannedAt: '2031-03-10T02:00:00Z' }],
    gettingStarted: { tokenEnabled: true, hotWallet: false, callbackUrl: false, apiKey: true, rsaKey: false },
    ...overrides,
  };
}

const DAYS = [day(START, none), day('2031-03-09', tally(2, '30.5')), day(TODAY, tally(1, '7.123456789'), tally(1, '1'))];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getHomeOverview.mockReset().mockResolvedValue(overview());
  api.queryDailyTxData.mockReset().mockResolvedValue({ startDate: START, endDate: TODAY, days: DAYS });
  config.getHomeConfig.mockResolvedValue(homeConfig([]));
  points.homePoints.mockReset().mockResolvedValue({ balances: [], billDue: null });
  charts.options.clear();
});
afterEach(signOutAndRestore);

const ALL = [PAGES.home, PAGES.tokenList, PAGES.hotWallets, PAGES.callbacks, PAGES.apiKey, PAGES.withdrawCheck];

describe('Home', () => {
  it('asks for the default period and takes today from the server, never from the browser clock', async () => {
    renderSignedIn(ALL, <HomePage />);
    expect(await screen.findByText(`Today (${TODAY})`, undefined, WAIT)).toBeTruthy();
    expect(api.getHomeOverview).toHaveBeenCalledWith(undefined);
    expect(api.queryDailyTxData).toHaveBeenCalledWith({ startDate: START, endDate: TODAY });
    expect(screen.getByText(`Period ${START} to ${TODAY}`)).toBeTruthy();
    const inputs = () => [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((input) => input.value);
    await waitFor(() => expect(inputs()).toEqual([START, TODAY]));
    // Today's figures: the server's.
    const today = within(screen.getByTestId('home-today'));
    await waitFor(() => expect(today.getByTestId('home-today-deposits-count').textContent).toBe('1'));
    expect(today.getByTestId('home-today-deposits-amount').textContent).toBe('7.1234 USDT');
  });

  it('shows today\u2019s figures as the server counted them, whatever the series says', async () => {
    api.getHomeOverview.mockResolvedValue(overview({ today: { date: TODAY, deposits: tally(4, '99.99999'), withdrawals: none, exchanges: none } }));
    renderSignedIn(ALL, <HomePage />);
    expect(await screen.findByText(`Today (${TODAY})`, undefined, WAIT)).toBeTruthy();
    expect(within(screen.getByTestId('home-today')).getByTestId('home-today-deposits-amount').textContent).toBe('99.9999 USDT');
    expect(within(screen.getByTestId('home-today')).getByTestId('home-today-deposits-count').textContent).toBe('4');
  });

  it('shows holdings and figures with 4 decimals rounded down, readings in the merchant zone', async () => {
    renderSignedIn(ALL, <HomePage />);
    const holding = within(await screen.findByTestId('home-holding-1337-1', undefined, WAIT));
    expect(holding.getByTestId('home-holding-hot').textContent).toBe('120.5678 USDT');
    expect(holding.getByTestId('home-holding-hot-read-at').textContent).toBe('Read at 2031-03-10 09:02:03');
    expect(holding.getByTestId('home-holding-deposits').textContent).toBe('30.9999 USDT');
    expect(holding.getByTestId('home-holding-cold-unread').textContent).toBe('Not read yet');
    const period = within(screen.getByTestId('home-period-figures'));
    expect(period.getByTestId('home-period-figures-deposits-amount').textContent).toBe('250.1234 USDT');
    expect(period.getByTestId('home-period-figures-withdrawals-count').textContent).toBe('2');
    expect(screen.getByTestId('home-chain-lag-1337').textContent).toBe('6');
    expect(screen.getByTestId('home-timezone').textContent).toBe('Time zone: UTC+8');
  });

  it('makes each chain a card on a phone: every figure on its own line after its name', async () => {
    renderSignedIn(ALL, <HomePage />);
    const lag = await screen.findByTestId('home-chain-lag-1337', undefined, WAIT);
    expect(lag.closest('.coffer-phone-cards')).toBeTruthy();
    const cells = [...lag.closest('tr')!.querySelectorAll('td')].map((cell) => [cell.getAttribute('data-label'), cell.textContent]);
    expect(cells).toEqual([
      ['Chain', 'Devchain'],
      ['Scanned block', '1234'],
      ['Latest block', '1240'],
      ['Blocks behind', '6'],
      ['Scanned at', '2031-03-10 10:00:00'],
    ]);
  });

  it('draws the daily series: a bar per token with the day\u2019s amount and the count as a line, each on its unit\u2019s axis', async () => {
    renderSignedIn(ALL, <HomePage />);
    const deposits = await screen.findByTestId('home-chart-deposits', undefined, WAIT);
    await waitFor(() => expect(charts.options.get(deposits)).toBeTruthy());
    const option = charts.options.get(deposits) as {
      xAxis: { data: string[] };
      yAxis: Array<{ name: string }>;
      series: Array<{ name: string; type: string; data: number[] }>;
    };
    expect(option.xAxis.data).toEqual([START, '2031-03-09', TODAY]);
    // Each axis says its unit.
    expect(option.yAxis.map((axis) => axis.name)).toEqual(['USDT', 'Count']);
    expect(option.series.map(({ name, type, data }) => ({ name, type, data }))).toEqual([
      { name: 'USDT · Devchain', type: 'bar', data: [0, 30.5, 7.123456789] },
      { name: 'Count', type: 'line', data: [0, 2, 1] },
    ]);
    const withdrawals = charts.options.get(screen.getByTestId('home-chart-withdrawals')) as { series: Array<{ name: string; data: number[] }> };
    expect(withdrawals.series.map(({ name, data }) => [name, data])).toEqual([
      ['USDT · Devchain', [0, 0, 1]],
      ['Count', [0, 0, 1]],
    ]);
  });

  it('puts the money first: a low balance\u2019s warning, the figure tiles, holdings beside waiting and points, the charts, getting started, the chains', async () => {
    const low = { asset: 1 as const, available: '9', held: '0', posted: '9', creditLimit: '0', threshold: '10', low: true };
    points.homePoints.mockResolvedValue({ balances: [low], billDue: null });
    renderSignedIn(ALL, <HomePage />);
    await screen.findByTestId('home-chart-deposits', undefined, WAIT);
    await screen.findByTestId('home-points-low-1', undefined, WAIT);
    const sections = [
      'home-overview',
      'home-points-alerts',
      'home-today',
      'home-period-figures',
      'home-holdings',
      'home-waiting',
      'home-points',
      'home-charts',
      'home-getting-started',
      'home-chains',
    ];
    const shown = [...document.querySelectorAll<HTMLElement>('[data-testid]')].map((element) => element.dataset.testid).filter((id) => sections.includes(id!));
    expect(shown).toEqual(sections);
    // Each direction a statistic: its count as the figure, the amount per asset under it.
    const today = within(screen.getByTestId('home-today-deposits'));
    expect(today.getByText('Deposits').closest('.ant-statistic')).toBeTruthy();
    expect(today.getByTestId('home-today-deposits-count').closest('.ant-statistic-content')).toBeTruthy();
    expect(within(screen.getByTestId('home-today')).getByText('Complete orders')).toBeTruthy();
  });

  it('links each undone getting-started step to its screen, only for screens the user may open', async () => {
    // Hot wallets (205) is not held: that step is text only.
    renderSignedIn([PAGES.home, PAGES.tokenList, PAGES.callbacks, PAGES.apiKey], <HomePage />);
    await screen.findByTestId('home-getting-started', undefined, WAIT);
    expect(screen.queryByTestId('home-step-link-tokenEnabled')).toBeNull(); // done
    expect(screen.queryByTestId('home-step-link-hotWallet')).toBeNull(); // not held
    expect(screen.getByTestId('home-step-hotWallet').textContent).toBe('Add a hot wallet');
    expect(screen.getByTestId('home-step-link-callbackUrl').getAttribute('href')).toBe('/system/callback');
    expect(screen.queryByTestId('home-step-link-apiKey')).toBeNull(); // done
    expect(screen.getByTestId('home-step-link-rsaKey').getAttribute('href')).toBe('/system/api-key');
  });

  it('folds the getting-started steps into one line once every step is done, and opens them again', async () => {
    const done = { tokenEnabled: true, hotWallet: true, callbackUrl: true, apiKey: true, rsaKey: true };
    api.getHomeOverview.mockResolvedValue(overview({ gettingStarted: done }));
    renderSignedIn(ALL, <HomePage />);
    const folded = await screen.findByTestId('home-getting-started-done', undefined, WAIT);
    expect(screen.queryByTestId('home-getting-started')).toBeNull();
    expect(folded.textContent).toBe('Getting started: every step is done');
    expect(screen.queryByTestId('home-step-apiKey')).toBeNull();
    fireEvent.click(within(folded).getByRole('button'));
    const step = await screen.findByTestId('home-step-apiKey', undefined, WAIT);
    expect(step.getAttribute('data-done')).toBe('true');
    expect(screen.getAllByTestId(/^home-step-[a-zA-Z]+$/)).toHaveLength(5);
  });

  it('lists what waits only for the screens the user may open, each linking there', async () => {
    renderSignedIn([PAGES.home, PAGES.withdrawCheck], <HomePage />);
    const waiting = within(await screen.findByTestId('home-waiting', undefined, WAIT));
    expect(waiting.getByTestId('home-waiting-withdrawalsInReview').textContent).toContain('3');
    // The list reaches back to the merchant's day of the oldest one (it opens on 7 days).
    expect(waiting.getByRole('link', { name: 'Withdrawals awaiting review' }).getAttribute('href')).toBe('/transactions/withdraw-check?since=2031-02-21');
    expect(waiting.queryByTestId('home-waiting-callbacksFailing')).toBeNull();
    expect(waiting.queryByTestId('home-waiting-coldRequestsPending')).toBeNull();
  });

  it('counts exchanges beside deposits and withdrawals for who may open Token › Trade, and the held ones as waiting', async () => {
    renderSignedIn([PAGES.home, PAGES.trade], <HomePage />);
    const period = within(await screen.findByTestId('home-period-figures', undefined, WAIT));
    await waitFor(() => expect(period.getByTestId('home-period-figures-exchanges-count').textContent).toBe('3'));
    expect(period.getByTestId('home-period-figures-exchanges-amount').textContent).toBe('300.0000 USDT');
    const waiting = within(screen.getByTestId('home-waiting'));
    expect(waiting.getByTestId('home-waiting-exchangesHeld').textContent).toContain('2');
    // Opens Token › Trade › Orders filtered to the held ones (status 1; ExchangeScreen.test reads the link).
    expect(waiting.getByRole('link', { name: 'Exchanges held for review' }).getAttribute('href')).toBe('/token/trade?tab=orders&status=1&since=2031-03-09');
  });

  it('leaves exchanges out for a user without Token › Trade while the merchant has none', async () => {
    api.getHomeOverview.mockResolvedValue(overview({ period: { deposits: none, withdrawals: none, exchanges: none } }));
    renderSignedIn([PAGES.home], <HomePage />);
    const period = within(await screen.findByTestId('home-period-figures', undefined, WAIT));
    await waitFor(() => expect(period.getByTestId('home-period-figures-deposits-count')).toBeTruthy());
    expect(period.queryByTestId('home-period-figures-exchanges-count')).toBeNull();
  });

  it('shows no waiting card to a user holding none of those screens', async () => {
    renderSignedIn([PAGES.home], <HomePage />);
    await screen.findByTestId('home-holdings', undefined, WAIT);
    expect(screen.queryByTestId('home-waiting')).toBeNull();
  });

  it('says the overview failed and retries the same period', async () => {
    api.getHomeOverview.mockRejectedValueOnce(new Error('down'));
    renderSignedIn(ALL, <HomePage />);
    const failed = await screen.findByTestId('home-load-failed', undefined, WAIT);
    within(failed).getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByTestId('home-holdings', undefined, WAIT)).toBeTruthy();
    expect(api.getHomeOverview).toHaveBeenLastCalledWith(undefined);
  });
});
