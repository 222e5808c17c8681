import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/**
 * What `load` answered last, read again when `deps` change or on `reload`. An answer that
 * arrives after a newer read started (or after the screen closed) is dropped, so a slow old page
 * never replaces a newer one. A failed read shows `empty` with `failed` set: the table says the
 * load failed (with Retry) instead of "No data". `enabled` false holds the read.
 */
export function useLatestAnswer<A>(load: () => Promise<A>, empty: A, deps: DependencyList, enabled = true) {
  const [answer, setAnswer] = useState<A>(empty);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const emptyRef = useRef(empty);

  useEffect(() => {
    if (!enabled) return;
    let latest = true;
    setLoading(true);
    loadRef
      .current()
      .then((found) => {
        if (!latest) return;
        setAnswer(found);
        setFailed(false);
      })
      .catch(() => {
        if (!latest) return;
        setAnswer(emptyRef.current);
        setFailed(true);
      })
      .finally(() => latest && setLoading(false));
    return () => {
      latest = false;
    };
    // The caller names what the read depends on; `load` is read through its ref.
  }, [...deps, reloads, enabled]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  /** After a save whose answer is the new state: show it without reading again. */
  const replace = useCallback((next: A) => {
    setAnswer(next);
    setFailed(false);
  }, []);
  return { answer, loading, failed, reload, replace };
}
