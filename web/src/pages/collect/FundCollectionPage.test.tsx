import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { settle } from '@/test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import FundCollectionPage from './FundCollectionPage';
import { showAllColumns } from '@/test/columns';
import { homeConfig, renderSignedIn } from '@/test/session';
import * as collectionModule from '@/api/collection';
import * as configModule from '@/api/config';
import type { WaitingRow } from '@/api/collection';
import { chainFees, collectionRow } from '@/test/collections';

vi.mock('@/api/collection', async (original) => ({
  ...(await original<typeof collectionModule>()),
  pageWaiting: vi.fn(),
  collectNow: vi.fn(),
  collectionFees: vi.fn(),
  pageCollections: vi.fn(),
}));
const api = vi.mocked(collectionModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);

const WAIT = { timeout: 5000 };
const DUE: WaitingRow = {
  depositAddressId: 11,
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainId: 1337,
  chainname: 'Devchain',
  tokenId: 1,
  symbol: 'USDT',
  decimals: 6,
  credited: '27.123456',
  collected: '0',
  waiting: '27.123456',
  due: true,
  collectionId: 3,
  collectionStatus: 7,
};
const SMALL: WaitingRow = { ...DUE, depositAddressId: 12, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', credited: '5', waiting: '5', due: false, collectionId: null, collectionStatus: null };

async function renderPage(menuIds: Array<number | string> = [5, 502]) {
  renderSignedIn(menuIds, <FundCollectionPage />, { bindGoogle: true });
  await screen.findByTestId('waiting-row-11-1', undefined, WAIT);
}
const choose = (key: string) => fireEvent.click(screen.getByTestId(`waiting-row-${key}`).querySelector('.ant-checkbox-input')!);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.pageWaiting.mockReset().mockResolvedValue({ list: [DUE, SMALL], total: 2 });
  api.collectNow.mockReset().mockResolvedValue({ runId: 4, opened: 1 });
  api.collectionFees.mockReset().mockResolvedValue([chainFees()]);
  api.pageCollections.mockReset().mockResolvedValue({ list: [collectionRow(21, { runId: 4, trigger: 3, address: SMALL.address, status: 1 })], total: 1 });
  config.getHomeConfig.mockReset().mockResolvedValue(
    homeConfig([{ chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1', decimals: 6, contract: '0xC0FFEe0000000000000000000000000000000001' }] }]),
  );
});
afterEach(() => act(() => sessionStore.signOut()));

describe('fund collection', () => {
  it('shows what waits with 4 decimals, whether a run takes it and its open collection', async () => {
    await renderPage();
    expect(api.pageWaiting).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    const due = screen.getByTestId('waiting-row-11-1');
    expect(within(due).getByTestId('waiting-waiting').textContent).toBe('27.1234 USDT');
    expect(within(due).getByTestId('waiting-waiting').getAttribute('data-amount')).toBe('27.123456');
    expect(within(due).getByTestId('waiting-due').textContent).toBe('Due');
    expect(within(due).getByTestId('waiting-collection').textContent).toBe('Waiting for collection');
    const small = screen.getByTestId('waiting-row-12-1');
    expect(within(small).getByTestId('waiting-due').textContent).toBe('Below minimum');
    expect(within(small).getByTestId('waiting-collection').textContent).toBe('None open');
    expect(within(small).getByTestId('waiting-address').textContent).toBe('0x7099…79C8');
    // Credited and collected are in the column settings.
    expect(within(due).queryByTestId('waiting-credited')).toBeNull();
    await showAllColumns();
    expect(within(screen.getByTestId('waiting-row-11-1')).getByTestId('waiting-collected').textContent).toBe('0.0000 USDT');
    await settle(300); // the column settings' popover closes before the next test
  });

  it('filters by chain, token and a trimmed part of the address', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: ' 0x5FbD ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageWaiting).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, address: '0x5FbD' }), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageWaiting).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }), WAIT);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    await renderPage();
    expect(within(screen.getByTestId('waiting-row-11-1')).getByTestId('waiting-collection').textContent).toBe('等待归集');
    expect(within(screen.getByTestId('waiting-row-12-1')).getByTestId('waiting-due').textContent).toBe('低于最低金额');
  });

  /** Chooses the small row and sends Collect now with a code. */
  async function collectSmall() {
    choose('12-1');
    await waitFor(() => expect(screen.getByTestId('collect-selected').textContent).toBe('1 selected'), WAIT);
    fireEvent.click(screen.getByTestId('collect-now'));
    expect((await screen.findAllByText('Collect 1 address now?', undefined, WAIT)).length).toBeGreaterThan(0);
    fireEvent.change(await screen.findByTestId('pass-google-code', undefined, WAIT), { target: { value: '123456' } });
    await settle(300);
    const sure = await screen.findAllByTestId('collect-now-sure', undefined, WAIT);
    fireEvent.click(sure[sure.length - 1]);
    await waitFor(() => expect(api.collectNow).toHaveBeenCalledWith({ chainId: 1337, tokenId: 1, depositAddressIds: [12], googleCode: '123456' }), WAIT);
  }

  it('collects the chosen addresses with the Google code, then follows the run to its end; an address being collected cannot be chosen', async () => {
    await renderPage([5, 501, 502, 50201]);
    expect(screen.getByTestId('collect-now').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('waiting-row-11-1').querySelector('.ant-checkbox-input')!.hasAttribute('disabled')).toBe(true);
    await collectSmall();
    expect((await screen.findAllByText('Collection started for 1 address', undefined, WAIT)).length).toBeGreaterThan(0);
    // The run's progress: its collections, read by run.
    const progress = within(await screen.findByTestId('collect-progress', undefined, WAIT));
    await waitFor(() => expect(api.pageCollections).toHaveBeenCalledWith({ page: 1, pageSize: 100, runId: 4 }, { silent: true }), WAIT);
    await waitFor(() => expect(progress.getByTestId('collect-progress-count').textContent).toBe('1 of 1 finished'), WAIT);
    expect(progress.getByTestId('progress-status').textContent).toBe('Collected');
    expect(progress.getByTestId('collect-progress-run-4').getAttribute('href')).toBe('/collect/transactions?runId=4');
    // Read again when it started and when the run finished.
    await waitFor(() => expect(api.pageWaiting).toHaveBeenCalledTimes(3), WAIT);
    fireEvent.click(progress.getByTestId('collect-progress-close'));
    await waitFor(() => expect(screen.queryByTestId('collect-progress')).toBeNull(), WAIT);
  });

  it('without Collection transactions (501) the toast is all a Collect now shows', async () => {
    await renderPage([5, 502, 50201]);
    await collectSmall();
    expect((await screen.findAllByText('Collection started for 1 address', undefined, WAIT)).length).toBeGreaterThan(0);
    await settle(200);
    expect(screen.queryByTestId('collect-progress')).toBeNull();
    expect(api.pageCollections).not.toHaveBeenCalled();
  });

  it('offers no choice without 50201', async () => {
    await renderPage();
    expect(screen.queryByTestId('collect-bar')).toBeNull();
    expect(screen.getByTestId('waiting-row-12-1').querySelector('.ant-checkbox-input')).toBeNull();
  });
});
