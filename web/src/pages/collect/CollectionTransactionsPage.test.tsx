import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { showAllColumns } from '@/test/columns';
import { ADDRESSES, collectionDetail, collectionRow } from '@/test/collections';
import { makeUser } from '@/test/fixtures';
import { TestRouter, settle } from '@/test/router';
import { chooseOption, openSelect, optionTitles, pickOption } from '@/test/select';
import { homeConfig, signOutAndRestore } from '@/test/session';
import * as collectionModule from '@/api/collection';
import * as configModule from '@/api/config';
import CollectionTransactionsPage from './CollectionTransactionsPage';
import { clearPeriod } from '@/test/period';

vi.mock('@/api/collection', async (original) => ({ ...(await original<typeof collectionModule>()), pageCollections: vi.fn(), collectionDetail: vi.fn(), collectionSummary: vi.fn() }));
const api = vi.mocked(collectionModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
const files = vi.hoisted(() => ({ saveBlob: vi.fn(), exportList: vi.fn() }));
vi.mock('@/api/download', async (original) => ({ ...(await original<typeof import('@/api/download')>()), saveBlob: files.saveBlob }));
vi.mock('@/api/exports', () => ({ exportList: files.exportList }));

const WAIT = { timeout: 8000 };
const COLLECTED = collectionRow(9);
const WAITING = collectionRow(10, {
  trigger: 3,
  runId: 4,
  status: 7,
  reason: 'fee above cap: 0.002 DEV > 0.001 DEV',
  amount: null,
  attributed: null,
  unattributed: null,
  feeEstimated: null,
  feePaid: null,
  finishedAt: null,
});

// A fixed clock: 2026-11-22 20:00 UTC is already 2026-11-23 in the merchant's zone (UTC+8, mocked above).
const NOW = new Date('2026-11-22T20:00:00Z');
/** The last 7 days of the merchant's zone, today included: what the screen opens on. */
const LAST_7_DAYS = { start: '2026-11-17T00:00:00.000+08:00', end: '2026-11-24T00:00:00.000+08:00' };

const SUMMARY = {
  count: 2,
  totals: [{ chainId: 1337, chainname: 'Devchain', tokenId: 1, symbol: 'USDT', count: 2, collectedCount: 1, collected: '20.123456', nativeSymbol: 'DEV', feePaid: '0.002' }],
};

async function renderPage(path = '/collect/transactions') {
  act(() => sessionStore.signIn(makeUser([5, 501])));
  render(
    <TestRouter path={path}>
      <CollectionTransactionsPage />
    </TestRouter>,
  );
  await screen.findByTestId('collection-row-9', undefined, WAIT);
}
const row = (id: number) => within(screen.getByTestId(`collection-row-${id}`));
beforeEach(async () => {
  // Only Date is fixed (and moves on from NOW): antd's timers run as ever.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'], shouldAdvanceTime: true });
  await i18n.changeLanguage('en');
  api.pageCollections.mockReset().mockResolvedValue({ list: [COLLECTED, WAITING], total: 2 });
  api.collectionSummary.mockReset().mockResolvedValue(SUMMARY);
  api.collectionDetail.mockReset().mockImplementation(async (id) => collectionDetail(id === 9 ? COLLECTED : WAITING));
  files.saveBlob.mockReset();
  files.exportList.mockReset();
  config.getHomeConfig.mockReset().mockResolvedValue(
    homeConfig([{ chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', decimals: 18, family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1', decimals: 6, contract: '0x1' }] }]),
  );
});
afterEach(() => {
  vi.useRealTimers();
  signOutAndRestore();
});

describe('Collection transactions', () => {
  it('lists each collection: amount to 4 decimals (exact in data-amount), fee paid in the coin, the state by name with its reason, the trigger', async () => {
    await renderPage();
    expect(row(9).getByTestId('collection-id').textContent).toBe('9');
    expect(row(9).getByTestId('collection-amount').textContent).toBe('20.1234 USDT');
    expect(row(9).getByTestId('collection-amount').getAttribute('data-amount')).toBe('20.123456');
    expect(row(9).getByTestId('collection-status').textContent).toBe('Collected');
    expect(row(9).getByTestId('collection-address').textContent).toBe('0x5FbD…0aa3');
    expect(row(10).getByTestId('collection-amount').textContent).toBe('—');
    expect(row(10).getByTestId('collection-status').textContent).toBe('Waiting for collection');
    expect(row(10).getByTestId('collection-reason').textContent).toBe('fee above cap: 0.002 DEV > 0.001 DEV');
    // The chain, the trigger, the fee paid, attribution and the fee estimate are in the column settings.
    expect(row(9).queryByTestId('collection-attributed')).toBeNull();
    expect(row(9).queryByTestId('collection-fee-paid')).toBeNull();
    await showAllColumns();
    expect(row(9).getByTestId('collection-fee-paid').textContent).toBe('0.0020 DEV');
    expect(row(9).getByTestId('collection-trigger').textContent).toBe('On deposit');
    expect(row(10).getByTestId('collection-trigger').textContent).toBe('Manual');
    expect(row(9).getByTestId('collection-chain').textContent).toBe('Devchain');
    expect(row(9).getByTestId('collection-attributed').getAttribute('data-amount')).toBe('20');
    expect(row(9).getByTestId('collection-unattributed').getAttribute('data-amount')).toBe('0.123456');
    expect(row(9).getByTestId('collection-fee-estimated').textContent).toBe('0.0010 DEV');
    await settle(300); // the column settings' popover closes before the next test
  });

  it('adds up what the filter selects on one line above the rows: how many, how many collected, what they moved and the fees paid', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('collection-summary-count').textContent).toBe('Collections: 2'), WAIT);
    expect(api.collectionSummary).toHaveBeenCalledWith(LAST_7_DAYS);
    expect(screen.getByTestId('collection-summary-collected').textContent).toBe('Collected: 1');
    const total = within(screen.getByTestId('collection-summary-total-1337-1'));
    expect(total.getByTestId('collection-summary-amount').getAttribute('data-amount')).toBe('20.123456');
    expect(total.getByTestId('collection-summary-fee').textContent).toBe('0.0020 DEV');
    expect(screen.getByTestId('collection-summary').textContent).toContain('Devchain');
    // A search reads the totals of the same filter again; nothing selected says so.
    api.collectionSummary.mockResolvedValue({ count: 0, totals: [] });
    await openSelect('filter-status');
    await chooseOption('Collection failed');
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.collectionSummary).toHaveBeenLastCalledWith({ ...LAST_7_DAYS, status: 4 }), WAIT);
    await waitFor(() => expect(screen.getByTestId('collection-summary-none').textContent).toBe('None in this period'), WAIT);
    expect(screen.getByTestId('collection-summary-count').textContent).toBe('Collections: 0');
  });

  it('offers the seven states by name and sends chain, token, state and a trimmed part of the address', async () => {
    await renderPage();
    await openSelect('filter-status');
    await waitFor(() =>
      expect(optionTitles()).toEqual([
        'Collected',
        'Not collected',
        'Waiting for fee arrival',
        'Collection failed',
        'Waiting for energy transaction',
        'Energy collecting',
        'Waiting for collection',
      ]),
    );
    await chooseOption('Collection failed');
    await pickOption('filter-chain', 'Devchain');
    await pickOption('filter-token', 'USDT');
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: ' 0aa3 ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageCollections).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...LAST_7_DAYS, chainId: 1337, tokenId: 1, status: 4, address: '0aa3' }), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageCollections).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...LAST_7_DAYS }), WAIT);
  });

  it('opens on the last 7 days of the merchant zone, the list and its totals alike; the period can be cleared', async () => {
    await renderPage();
    expect(api.pageCollections.mock.calls[0][0]).toEqual({ page: 1, pageSize: 20, ...LAST_7_DAYS });
    await waitFor(() => expect(api.collectionSummary).toHaveBeenCalled(), WAIT);
    expect(api.collectionSummary.mock.calls[0][0]).toEqual(LAST_7_DAYS);
    const picked = [...screen.getByTestId('collection-filters').querySelectorAll<HTMLInputElement>('.ant-picker input')].map((input) => input.value);
    expect(picked).toEqual(['2026-11-17', '2026-11-23']);
    // Optional: cleared, the search asks for every collection.
    await clearPeriod('collection-filters');
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageCollections).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }), WAIT);
    await waitFor(() => expect(api.collectionSummary).toHaveBeenLastCalledWith({}), WAIT);
  });

  it('lists one Collect now run from the link, however old (no period), and all of them once its tag is closed', async () => {
    await renderPage('/collect/transactions?runId=4');
    expect(api.pageCollections.mock.calls[0][0]).toEqual({ page: 1, pageSize: 20, runId: 4 });
    await waitFor(() => expect(api.collectionSummary).toHaveBeenCalled(), WAIT);
    expect(api.collectionSummary.mock.calls[0][0]).toEqual({ runId: 4 });
    expect(screen.getByTestId('collection-run-filter').textContent).toBe('Collect now run 4');
    // A search keeps the run.
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageCollections).toHaveBeenCalledTimes(2), WAIT);
    expect(api.pageCollections).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, runId: 4 });
    fireEvent.click(screen.getByTestId('collection-run-filter').querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(api.pageCollections).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }), WAIT);
    expect(screen.queryByTestId('collection-run-filter')).toBeNull();
  });

  it('opens one collection from a link (the points ledger links a collection fee so)', async () => {
    await renderPage('/collect/transactions?id=10');
    await waitFor(() => expect(api.collectionDetail).toHaveBeenCalledWith(10), WAIT);
    expect((await screen.findByTestId('detail-id', undefined, WAIT)).textContent).toBe('10');
    expect(api.pageCollections).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...LAST_7_DAYS });
  });

  it('opens the detail with every field and the steps: a top-up in the coin, a sweep part in the token, hashes linked to the explorer', async () => {
    await renderPage();
    fireEvent.click(row(9).getByTestId('collection-detail-open'));
    await waitFor(() => expect(api.collectionDetail).toHaveBeenCalledWith(9), WAIT);
    const drawer = within(await screen.findByTestId('collection-detail-body', undefined, WAIT));
    expect(drawer.getByTestId('detail-status').textContent).toBe('Collected');
    expect(drawer.getByTestId('detail-trigger').textContent).toBe('On deposit');
    expect(drawer.getByTestId('detail-attributed').getAttribute('data-amount')).toBe('20');
    expect(drawer.getByTestId('detail-unattributed').getAttribute('data-amount')).toBe('0.123456');
    expect(drawer.getByTestId('detail-fee-paid').textContent).toBe('0.0020 DEV');
    expect(drawer.getByTestId('detail-created').textContent).toBe('2026-11-22 15:00:00'); // UTC+8
    const topUp = within(await screen.findByTestId('step-row-0', undefined, WAIT));
    expect(topUp.getByTestId('step-kind').textContent).toBe('Fee top-up');
    expect(topUp.getByTestId('step-from').getAttribute('data-address')).toBe(ADDRESSES.FEE_WALLET);
    expect(topUp.getByTestId('step-amount').textContent).toBe('0.0010 DEV');
    expect(topUp.getByTestId('step-amount').getAttribute('data-amount')).toBe('0.00105');
    expect(topUp.getByTestId('step-state').textContent).toBe('Confirmed');
    expect(topUp.getByTestId('step-block').textContent).toBe('41');
    expect(topUp.getByTestId('step-hash').querySelector('a')!.getAttribute('href')).toBe(`https://explorer.example/tx/0x${'a'.repeat(64)}`);
    const sweep = within(screen.getByTestId('step-row-1'));
    expect(sweep.getByTestId('step-kind').textContent).toBe('Sweep part');
    expect(sweep.getByTestId('step-part').textContent).toBe('#1');
    expect(sweep.getByTestId('step-to').getAttribute('data-address')).toBe(ADDRESSES.COLD);
    expect(sweep.getByTestId('step-amount').textContent).toBe('20.1234 USDT');
    expect(sweep.getByTestId('step-hash').getAttribute('data-hash')).toBe(`0x${'b'.repeat(64)}`);
  });

  it('exports the filter: the server writes every row, the file is saved under its name', async () => {
    await renderPage();
    await pickOption('filter-status', 'Collected');
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageCollections).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...LAST_7_DAYS, status: 1 }), WAIT);
    const blob = new Blob(['\ufeffID\r\n9\r\n10\r\n']);
    files.exportList.mockResolvedValueOnce({ fileName: 'collections-20261122.csv', rows: 2, blob });
    fireEvent.click(screen.getByTestId('collection-export'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith('collections-20261122.csv', blob), WAIT);
    const [path, filters, fallback] = files.exportList.mock.calls[0] as [string, object, string];
    expect([path, filters]).toEqual(['/api/partner/collect/export', { ...LAST_7_DAYS, status: 1 }]);
    expect(fallback).toMatch(/^collections-\d{8}\.csv$/);
    expect((await screen.findAllByText('Exported 2 rows', undefined, WAIT)).length).toBeGreaterThan(0);

    // Nothing to export: said, and no file saved.
    files.exportList.mockResolvedValueOnce({ fileName: 'collections-20261122.csv', rows: 0, blob: new Blob(['\ufeffID\r\n']) });
    fireEvent.click(screen.getByTestId('collection-export'));
    await waitFor(() => expect(files.exportList).toHaveBeenCalledTimes(2), WAIT);
    await settle(100);
    expect(files.saveBlob).toHaveBeenCalledTimes(1);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-HK');
    await renderPage();
    expect(row(9).getByTestId('collection-status').textContent).toBe('已歸集');
    await waitFor(() => expect(screen.getByTestId('collection-summary-count').textContent).toBe('歸集筆數：2'), WAIT);
    expect(screen.getByTestId('collection-summary-collected').textContent).toBe('已歸集：1');
    await showAllColumns();
    expect(row(10).getByTestId('collection-trigger').textContent).toBe('手動');
    await settle(300); // the column settings' popover closes before the next test
  });
});

describe('Collection transactions: smart collection', () => {
  const TRON = { chainId: 728126428, chainname: 'TRON', nativeSymbol: 'TRX', txurl: '' };
  // Collected on 130,285 delegated energy: 1.1 TRX of bandwidth and activation paid, 6 TRX points charged.
  const ON_ENERGY = collectionRow(11, { ...TRON, feeEstimated: '0.35', feePaid: '1.1', burnFee: '13.03', energy: 130285, energyPoints: '6' });
  // Energy given up (points short): it burnt TRX as before.
  const BURNT = collectionRow(12, { ...TRON, reason: 'energy not used: TRX points short', feePaid: '13.1', burnFee: '13.03', energy: 0, energyPoints: null });
  // Waiting for the delegation, then collecting on it.
  const WAITING_ENERGY = collectionRow(13, { ...TRON, status: 5, amount: null, feePaid: null, burnFee: '13.03', energy: 130285, energyPoints: '6', finishedAt: null });
  const ENERGY_COLLECTING = collectionRow(14, { ...TRON, status: 6, amount: null, feePaid: null, burnFee: '13.03', energy: 130285, energyPoints: '6', finishedAt: null });
  const ROWS = [COLLECTED, ON_ENERGY, BURNT, WAITING_ENERGY, ENERGY_COLLECTING];

  beforeEach(() => {
    api.pageCollections.mockResolvedValue({ list: ROWS, total: ROWS.length });
    api.collectionDetail.mockImplementation(async (id) => collectionDetail(ROWS.find((r) => r.id === id)!));
  });

  async function openDetail(id: number) {
    fireEvent.click(row(id).getByTestId('collection-detail-open'));
    const body = await screen.findByTestId('collection-detail-body', undefined, WAIT);
    await waitFor(() => expect(body.getAttribute('data-id')).toBe(String(id)), WAIT);
    await waitFor(() => expect(api.collectionDetail).toHaveBeenLastCalledWith(id), WAIT);
    return within(body);
  }

  it('marks in the list the collections that ran on energy and those that burnt TRX, what burning would cost on hover', async () => {
    await renderPage();
    const energy = row(11).getByTestId('collection-energy');
    expect(energy.textContent).toBe('Energy');
    expect(energy.getAttribute('data-energy')).toBe('130285');
    expect(row(12).getByTestId('collection-energy').textContent).toBe('TRX burnt');
    expect(row(13).getByTestId('collection-energy').textContent).toBe('Energy');
    expect(row(9).queryByTestId('collection-energy')).toBeNull(); // energy not tried
    fireEvent.mouseEnter(energy);
    expect((await screen.findByText('Ran on 130,285 energy, 6 TRX points. Burning would cost 13.03 TRX.', undefined, WAIT)).textContent).toBeTruthy();
    fireEvent.mouseEnter(row(12).getByTestId('collection-energy'));
    expect(await screen.findByText('Energy not used: TRX burnt. Burning would cost 13.03 TRX.', undefined, WAIT)).toBeTruthy();
  });

  it('shows in the detail what burning would cost and the energy the sweep ran on, or that it burnt TRX, or nothing when energy was not tried', async () => {
    await renderPage();
    let detail = await openDetail(11);
    expect(detail.getByTestId('detail-burn-fee').textContent).toBe('13.0300 TRX');
    expect(detail.getByTestId('detail-burn-fee').getAttribute('data-amount')).toBe('13.03');
    expect(detail.getByTestId('detail-fee-paid').textContent).toBe('1.1000 TRX');
    expect(detail.getByTestId('detail-energy').textContent).toBe('Ran on 130,285 energy, 6 TRX points');

    detail = await openDetail(12);
    expect(detail.getByTestId('detail-energy').textContent).toBe('Energy not used: TRX burnt');
    expect(detail.getByTestId('detail-reason').textContent).toBe('energy not used: TRX points short');
    expect(detail.getByTestId('detail-burn-fee').textContent).toBe('13.0300 TRX');

    detail = await openDetail(9);
    expect(detail.getByTestId('detail-burn-fee').textContent).toBe('0.0010 DEV');
    expect(detail.queryByTestId('detail-energy')).toBeNull();
    expect(detail.queryByText('Energy')).toBeNull();
  });

  it('names the energy states and the TRX-left step in every language', async () => {
    api.collectionDetail.mockImplementation(async (id) => {
      const found = collectionDetail(ROWS.find((r) => r.id === id)!);
      return { ...found, steps: [...found.steps, { ...found.steps[0], kind: 4, toAddress: ADDRESSES.COLD, amount: '2.5', hash: `0x${'c'.repeat(64)}` }] };
    });
    await renderPage();
    expect(row(13).getByTestId('collection-status').textContent).toBe('Waiting for energy transaction');
    expect(row(14).getByTestId('collection-status').textContent).toBe('Energy collecting');
    const detail = await openDetail(11);
    expect((await detail.findByTestId('step-row-2')).querySelector('[data-testid="step-kind"]')!.textContent).toBe('TRX left collected');
    for (const [language, waiting, collecting, burnt] of [
      ['zh-CN', '等待能量交易', '能量归集中', '燃烧 TRX'],
      ['zh-HK', '等待能量交易', '能量歸集中', '燃燒 TRX'],
    ]) {
      await act(() => i18n.changeLanguage(language));
      expect(row(13).getByTestId('collection-status').textContent).toBe(waiting);
      expect(row(14).getByTestId('collection-status').textContent).toBe(collecting);
      expect(row(12).getByTestId('collection-energy').textContent).toBe(burnt);
    }
  });
});
