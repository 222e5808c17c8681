import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND_SECONDS, useCountdown } from './useCountdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('resend countdown', () => {
  it('counts from 60 down to 1 one step per second, then returns to idle', () => {
    const { result } = renderHook(() => useCountdown());
    expect(RESEND_SECONDS).toBe(60);
    expect(result.current.running).toBe(false);

    let started = false;
    act(() => {
      started = result.current.start();
    });
    expect(started).toBe(true);
    const seen = [result.current.remaining];
    for (let i = 0; i < 60; i += 1) {
      act(() => vi.advanceTimersByTime(1000));
      seen.push(result.current.remaining);
    }
    expect(seen.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
    expect(seen[60]).toBe(0);
    expect(result.current.running).toBe(false);
  });

  it('ignores start() while counting', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => {
      result.current.start();
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(55);
    let again = true;
    act(() => {
      again = result.current.start();
    });
    expect(again).toBe(false);
    expect(result.current.remaining).toBe(55);
  });

  it('can start again once finished', () => {
    const { result } = renderHook(() => useCountdown(3));
    act(() => {
      result.current.start();
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.running).toBe(false);
    act(() => {
      expect(result.current.start()).toBe(true);
    });
    expect(result.current.remaining).toBe(3);
  });

  it('counts from the seconds given to start (a price valid for its own time), after a reset', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => {
      result.current.start(30);
    });
    expect(result.current.remaining).toBe(30);
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current.remaining).toBe(1);
    act(() => {
      result.current.reset();
      result.current.start(5);
    });
    expect(result.current.remaining).toBe(5);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.running).toBe(false);
  });

  it('stops its timer on unmount', () => {
    const { result, unmount } = renderHook(() => useCountdown());
    act(() => {
      result.current.start();
    });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
