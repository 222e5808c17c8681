import { useEffect, useRef, useState } from 'react';
import { pageCollections, type CollectionRow } from '@/api/collection';
import { isClosed } from './collectRules';

// After Collect now the console follows the runs it started with `collect/page_list` filtered by
// `runId` (silent) every 2 s, until every collection they opened is over (collected, not
// collected, failed) or the panel is closed. A run opens at most 100 collections: one page each.

export const PROGRESS_POLL_MS = 2000;
const RUN_PAGE_SIZE = 100;

/** A Collect now call's answer: one per token chosen. */
export interface StartedRun {
  runId: number;
  opened: number;
}

export interface RunProgress {
  /** The runs' collections as last read, oldest first. */
  rows: CollectionRow[];
  /** How many collections the runs opened, and how many of them are over. */
  total: number;
  done: number;
  finished: boolean;
  /** The last reading failed (the next one tries again). */
  unreadable: boolean;
}

/** The collections of `runs`, read at once and every `interval` ms until all are over; null without runs. */
export function useRunProgress(runs: readonly StartedRun[] | null, onFinished: () => void, interval = PROGRESS_POLL_MS): RunProgress | null {
  const [rows, setRows] = useState<CollectionRow[] | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    setRows(null);
    setUnreadable(false);
    if (!runs || runs.length === 0) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const total = runs.reduce((sum, run) => sum + run.opened, 0);
    const read = async () => {
      try {
        const pages = await Promise.all(runs.map((run) => pageCollections({ page: 1, pageSize: RUN_PAGE_SIZE, runId: run.runId }, { silent: true })));
        if (!alive) return;
        const latest = pages.flatMap((page) => page?.list ?? []).sort((a, b) => a.id - b.id);
        setRows(latest);
        setUnreadable(false);
        if (latest.length >= total && latest.every((row) => isClosed(row.status))) {
          finished.current();
          return;
        }
      } catch {
        if (!alive) return;
        setUnreadable(true);
      }
      timer = setTimeout(() => void read(), interval);
    };
    void read();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [runs, interval]);

  if (!runs || runs.length === 0) return null;
  const shown = rows ?? [];
  const total = Math.max(runs.reduce((sum, run) => sum + run.opened, 0), shown.length);
  const done = shown.filter((row) => isClosed(row.status)).length;
  return { rows: shown, total, done, finished: rows !== null && done >= total, unreadable };
}
