import { useCallback, useEffect, useRef, useState } from 'react';

/** Resend cooldown of spec sections 4 and 9: 60 s after each successful send. */
export const RESEND_SECONDS = 60;

/**
 * Seconds left before a code may be requested again (or before a quoted price expires).
 * `start()` counts down from `seconds` to 1, one step per second, then returns to 0 ("get
 * code"). While counting, `start()` does nothing and returns false, so clicks during the
 * countdown have no effect.
 */
export function useCountdown(seconds: number = RESEND_SECONDS) {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const left = useRef(0);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    left.current = 0;
    setRemaining(0);
  }, []);

  /** Counts from `from` (the hook's `seconds` unless given: a price quoted valid for its own time). */
  const start = useCallback((from: number = seconds): boolean => {
    if (left.current > 0) return false;
    left.current = from;
    setRemaining(from);
    timer.current = setInterval(() => {
      left.current -= 1;
      if (left.current <= 0) stop();
      else setRemaining(left.current);
    }, 1000);
    return true;
  }, [seconds, stop]);

  useEffect(() => stop, [stop]); // no timer outlives the form

  return { remaining, running: remaining > 0, start, reset: stop };
}
