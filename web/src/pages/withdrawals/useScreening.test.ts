import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withdrawalRow } from '@/test/withdrawals';
import { SCREENING_POLL_MS, SCREENING_POLLS, useScreening } from './useScreening';
import * as withdrawalsModule from '@/api/withdrawals';
import { progress } from '@/test/answers';

vi.mock('@/api/withdrawals');
const api = vi.mocked(withdrawalsModule);

const undecided = [progress(9, 0)];
const created = withdrawalRow(9, { status: 0 }); // one object: a new one restarts the following

beforeEach(() => {
  vi.useFakeTimers();
  api.queryWithdrawals.mockReset().mockResolvedValue(undecided);
});
afterEach(() => vi.useRealTimers());

describe('following a new withdrawal through the screening', () => {
  it('gives up undecided after the last poll, leaving the order new', async () => {
    const { result } = renderHook(() => useScreening(created, true));
    expect(result.current.following).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SCREENING_POLL_MS * (SCREENING_POLLS + 2)));
    expect(api.queryWithdrawals).toHaveBeenCalledTimes(SCREENING_POLLS);
    expect(result.current).toEqual({ status: 0, following: false });
  });

  it('asks nothing when the role can neither create nor list withdrawals', async () => {
    const { result } = renderHook(() => useScreening(created, false));
    await act(() => vi.advanceTimersByTimeAsync(SCREENING_POLL_MS * 3));
    expect(api.queryWithdrawals).not.toHaveBeenCalled();
    expect(result.current).toEqual({ status: 0, following: false });
  });
});
