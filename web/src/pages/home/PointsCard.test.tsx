import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointStanding } from '@/api/points';
import i18n from '@/locales';
import { PAGES } from '@/router/permissions';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { PointsAlerts, PointsCard, useHomePoints } from './PointsCard';
import * as pointsModule from '@/api/points';
import * as configModule from '@/api/config';

vi.mock('@/api/points');
const api = vi.mocked(pointsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);

const WAIT = { timeout: 8000 };

/** The points as Home shows them: the alerts at the top, the balances beside the holdings. */
function HomePoints() {
  const { points } = useHomePoints();
  return (
    <>
      <PointsAlerts points={points} />
      <PointsCard points={points} />
    </>
  );
}

const standing = (asset: 1 | 2, available: string, threshold: string, low: boolean): PointStanding => ({
  asset,
  available,
  held: '0.5',
  posted: available,
  creditLimit: '0',
  threshold,
  low,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  config.getHomeConfig.mockResolvedValue(homeConfig([]));
  api.homePoints.mockReset().mockResolvedValue({ balances: [standing(1, '9.123456', '10', true), standing(2, '250', '100', false)], billDue: null });
});
afterEach(signOutAndRestore);

describe('Home › Points', () => {
  it('shows both balances as Points list does and warns for the one below its threshold', async () => {
    renderSignedIn([PAGES.home, PAGES.points], <HomePoints />);
    const usdt = within(await screen.findByTestId('home-points-balance-1', undefined, WAIT));
    expect(usdt.getByTestId('home-points-available-1').textContent).toBe('9.1234 USDT');
    expect(usdt.getByTestId('home-points-held-1').textContent).toBe('0.5000 USDT');
    expect(screen.getByTestId('home-points-available-2').textContent).toBe('250.0000 TRX');
    expect(screen.getByTestId('home-points-low-1').textContent).toBe('USDT points are below 10');
    expect(screen.getByTestId('home-points-low').textContent).toContain('recharge on Points list');
    expect(screen.queryByTestId('home-points-low-2')).toBeNull();
    expect(screen.getByTestId('home-points-open').getAttribute('href')).toBe('/points');
    expect(screen.getByTestId('home-points-low-open').getAttribute('href')).toBe('/points');
    expect(usdt.getByText('USDT points: Available')).toBeTruthy();
  });

  it('warns in the reader\u2019s language and shows no link to whoever may not open Points list', async () => {
    await i18n.changeLanguage('zh-HK');
    renderSignedIn([PAGES.home], <HomePoints />);
    const warning = await screen.findByTestId('home-points-low-1', undefined, WAIT);
    expect(warning.textContent).toBe('USDT 點數：可用低於 10');
    expect(screen.queryByTestId('home-points-open')).toBeNull();
    expect(screen.queryByTestId('home-points-low-open')).toBeNull();
  });

  it('warns once for every asset that is low: each named, the advice and the link once', async () => {
    api.homePoints.mockResolvedValue({ balances: [standing(1, '9', '10', true), standing(2, '50', '100', true)], billDue: null });
    renderSignedIn([PAGES.home, PAGES.points], <HomePoints />);
    const warning = await screen.findByTestId('home-points-low', undefined, WAIT);
    expect(within(warning).getByTestId('home-points-low-1').textContent).toBe('USDT points are below 10');
    expect(within(warning).getByTestId('home-points-low-2').textContent).toBe('TRX points are below 100');
    expect(screen.getAllByText(/recharge on Points list/)).toHaveLength(1);
    expect(screen.getAllByTestId('home-points-low-open')).toHaveLength(1);
  });

  it('shows no warning while every balance is at or above its threshold', async () => {
    api.homePoints.mockResolvedValue({ balances: [standing(1, '10', '10', false), standing(2, '0', '0', false)], billDue: null });
    renderSignedIn([PAGES.home, PAGES.points], <HomePoints />);
    await screen.findByTestId('home-points-balance-2', undefined, WAIT);
    expect(screen.queryByTestId('home-points-low-1')).toBeNull();
    expect(screen.queryByTestId('home-points-low-2')).toBeNull();
    expect(screen.queryByTestId('home-points-alerts')).toBeNull(); // nothing at the top of Home
  });

  it('says which bill is due, rounded down, and links to Service list for whoever may open it', async () => {
    api.homePoints.mockResolvedValue({
      balances: [standing(1, '10', '10', false)],
      billDue: { id: 7, period: '2026-11', amount: '10.999988', due: '10.999988', status: 1 },
    });
    renderSignedIn([PAGES.home, PAGES.service], <HomePoints />);
    const due = await screen.findByTestId('home-bill-due', undefined, WAIT);
    expect(due.textContent).toContain('The bill for 2026-11 is due: 10.9999 USDT points');
    expect(screen.getByTestId('home-bill-open').getAttribute('href')).toBe('/service');
  });

  it('says a bill is being confirmed, with no link without Service list, and nothing when none is due', async () => {
    api.homePoints.mockResolvedValue({
      balances: [standing(1, '10', '10', false)],
      billDue: { id: 7, period: '2026-11', amount: '3', due: '3', status: 2 },
    });
    renderSignedIn([PAGES.home], <HomePoints />);
    const due = await screen.findByTestId('home-bill-due', undefined, WAIT);
    expect(due.textContent).toContain('The payment of the bill for 2026-11 is being confirmed on chain.');
    expect(screen.queryByTestId('home-bill-open')).toBeNull();
  });

  it('shows no bill when none is due', async () => {
    renderSignedIn([PAGES.home, PAGES.service], <HomePoints />);
    await screen.findByTestId('home-points-balance-1', undefined, WAIT);
    expect(screen.queryByTestId('home-bill-due')).toBeNull();
  });
});
