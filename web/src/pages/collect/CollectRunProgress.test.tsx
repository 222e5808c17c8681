import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { collectionDetail, collectionRow } from '@/test/collections';
import { settle } from '@/test/router';
import { renderSignedIn, signOutAndRestore } from '@/test/session';
import { ApiError } from '@/utils/request';
import * as collectionModule from '@/api/collection';
import CollectRunProgress from './CollectRunProgress';
import { PROGRESS_POLL_MS, type StartedRun } from './useRunProgress';

vi.mock('@/api/collection', async (original) => ({ ...(await original<typeof collectionModule>()), pageCollections: vi.fn(), collectionDetail: vi.fn() }));
const api = vi.mocked(collectionModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

// Two polls are one interval apart: the waits below allow for it.
const WAIT = { timeout: PROGRESS_POLL_MS + 4000 };
const RUNS: StartedRun[] = [{ runId: 4, opened: 2 }];
const FIRST = collectionRow(21, { runId: 4, trigger: 3, status: 3, reason: '', amount: null, feePaid: null, finishedAt: null });
const SECOND = collectionRow(22, { runId: 4, trigger: 3, status: 7, reason: 'fee wallet is paused', amount: null, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });

const renderPanel = (onFinished = vi.fn(), onClose = vi.fn()) => {
  renderSignedIn([5, 501, 502], <CollectRunProgress runs={RUNS} onFinished={onFinished} onClose={onClose} />);
  return { onFinished, onClose };
};
const panel = () => within(screen.getByTestId('collect-progress'));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.pageCollections.mockReset();
  api.collectionDetail.mockReset().mockImplementation(async (id) => collectionDetail(id === 21 ? FIRST : SECOND));
});
afterEach(signOutAndRestore);

describe('Collect now progress', () => {
  it('follows the run every 2 s until every collection is over, showing each address state and reason; then stops', async () => {
    api.pageCollections
      .mockResolvedValueOnce({ list: [SECOND, FIRST], total: 2 })
      .mockResolvedValue({ list: [{ ...FIRST, status: 1, amount: '20' }, { ...SECOND, status: 2, reason: 'below the minimum' }], total: 2 });
    const { onFinished } = renderPanel();
    await waitFor(() => expect(panel().getByTestId('collect-progress-count').textContent).toBe('0 of 2 finished'));
    expect(api.pageCollections).toHaveBeenCalledWith({ page: 1, pageSize: 100, runId: 4 }, { silent: true });
    const first = within(screen.getByTestId('progress-row-21'));
    expect(first.getByTestId('progress-status').textContent).toBe('Waiting for fee arrival');
    expect(first.getByTestId('progress-amount').getAttribute('data-amount')).toBe('20'); // what waited, until swept
    expect(within(screen.getByTestId('progress-row-22')).getByTestId('progress-reason').textContent).toBe('fee wallet is paused');
    expect(screen.getByTestId('collect-progress').getAttribute('data-finished')).toBe('false');

    await waitFor(() => expect(panel().getByTestId('collect-progress-count').textContent).toBe('2 of 2 finished'), WAIT);
    expect(within(screen.getByTestId('progress-row-21')).getByTestId('progress-status').textContent).toBe('Collected');
    expect(within(screen.getByTestId('progress-row-22')).getByTestId('progress-status').textContent).toBe('Not collected');
    expect(within(screen.getByTestId('progress-row-22')).getByTestId('progress-reason').textContent).toBe('below the minimum');
    expect(panel().getByTestId('collect-progress-done').textContent).toBe('Every collection of this run is finished.');
    expect(onFinished).toHaveBeenCalledTimes(1);
    await settle(PROGRESS_POLL_MS + 500);
    expect(api.pageCollections).toHaveBeenCalledTimes(2); // no more polling
  });

  it('says when a reading failed and recovers at the next one', async () => {
    api.pageCollections.mockRejectedValueOnce(new ApiError(0, 'network error')).mockResolvedValue({ list: [{ ...FIRST, status: 4, reason: 'part 1: reverted' }, { ...SECOND, status: 1 }], total: 2 });
    renderPanel();
    expect((await screen.findByTestId('collect-progress-unreadable')).textContent).toBe('The progress could not be read: trying again.');
    await waitFor(() => expect(panel().getByTestId('collect-progress-count').textContent).toBe('2 of 2 finished'), WAIT);
    expect(screen.queryByTestId('collect-progress-unreadable')).toBeNull();
    expect(within(screen.getByTestId('progress-row-21')).getByTestId('progress-status').textContent).toBe('Collection failed');
  });

  it('opens an address in the detail drawer, and closes on request', async () => {
    api.pageCollections.mockResolvedValue({ list: [FIRST, SECOND], total: 2 });
    const { onClose } = renderPanel();
    fireEvent.click(within(await screen.findByTestId('progress-row-22')).getByTestId('progress-detail-open'));
    await waitFor(() => expect(api.collectionDetail).toHaveBeenCalledWith(22));
    const drawer = within(await screen.findByTestId('collection-detail-body'));
    expect(drawer.getByTestId('detail-status').textContent).toBe('Waiting for collection');
    expect(drawer.getByTestId('detail-reason').textContent).toBe('fee wallet is paused');
    expect(drawer.getByTestId('detail-run').textContent).toBe('4');
    expect(drawer.getByTestId('detail-trigger').textContent).toBe('Manual');
    fireEvent.click(screen.getByTestId('collect-progress-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
