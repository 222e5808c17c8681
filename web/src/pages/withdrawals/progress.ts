import { useCallback, useEffect, useRef, useState } from 'react';
import { queryWithdrawals, type WithdrawalProgress } from '@/api/withdrawals';
import { POLL_INTERVAL_MS, POLL_LIMIT_MS, chunk, isFinal } from './withdrawalRules';

// After a pass the console follows the passed rows with `/withdraw/query` (silent) every 2 s
// until each is final (3, 8, 10) or 2 minutes have passed.

export type FollowOutcome = 'done' | 'timeout' | 'cancelled';

export interface FollowOptions {
  ids: readonly number[];
  query: (ids: number[]) => Promise<WithdrawalProgress[]>;
  /** The latest answer of every row seen so far, after each round. */
  onUpdate: (latest: Map<number, WithdrawalProgress>) => void;
  cancelled: () => boolean;
  interval?: number;
  limit?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Counts the rows of `ids` whose latest state is final. */
export const finishedCount = (ids: readonly number[], latest: Map<number, WithdrawalProgress>): number =>
  ids.filter((id) => isFinal(latest.get(id)?.status)).length;

/**
 * Asks at once, then every `interval` ms, for the rows not final yet (100 per call); stops when
 * every row is final, after `limit` ms, or when cancelled. A failed round is retried next time.
 */
export async function followProgress({
  ids,
  query,
  onUpdate,
  cancelled,
  interval = POLL_INTERVAL_MS,
  limit = POLL_LIMIT_MS,
  sleep = wait,
  now = Date.now,
}: FollowOptions): Promise<FollowOutcome> {
  const started = now();
  const latest = new Map<number, WithdrawalProgress>();
  for (;;) {
    const pending = ids.filter((id) => !isFinal(latest.get(id)?.status));
    if (pending.length === 0) return 'done';
    for (const group of chunk(pending)) {
      try {
        for (const row of (await query(group)) ?? []) latest.set(row.id, row);
      } catch {
        // silent: the next round asks again
      }
      if (cancelled()) return 'cancelled';
    }
    onUpdate(new Map(latest));
    if (finishedCount(ids, latest) === ids.length) return 'done';
    if (now() - started >= limit) return 'timeout';
    await sleep(interval);
    if (cancelled()) return 'cancelled';
  }
}

export interface Tracking {
  ids: number[];
  latest: Map<number, WithdrawalProgress>;
  outcome: FollowOutcome | 'running';
}

/**
 * The review screen's follower: `follow(ids)` starts (replacing any earlier run), `stop()` ends
 * it; `onFinished` runs once the run ends on its own (to refresh the list). Unmounting cancels.
 */
export function useFollowProgress(onFinished: () => void) {
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const run = useRef(0);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const follow = useCallback((ids: number[]) => {
    const current = ++run.current;
    const alive = () => current === run.current;
    setTracking({ ids, latest: new Map(), outcome: 'running' });
    void followProgress({
      ids,
      query: queryWithdrawals,
      cancelled: () => !alive(),
      onUpdate: (latest) => alive() && setTracking((state) => (state ? { ...state, latest } : state)),
    }).then((outcome) => {
      if (!alive()) return;
      setTracking((state) => (state ? { ...state, outcome } : state));
      finished.current();
    });
  }, []);

  const stop = useCallback(() => {
    run.current += 1;
    setTracking(null);
  }, []);

  return { tracking, follow, stop };
}
