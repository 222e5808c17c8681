// Global loading indicator for calls made with `loading: true`. A counter rather than a boolean,
// so two overlapping calls do not hide the indicator while one is still running.

type Listener = (active: boolean) => void;

let pending = 0;
const listeners = new Set<Listener>();

function notify(): void {
  listeners.forEach((listener) => listener(pending > 0));
}

export const loading = {
  show(): void {
    pending += 1;
    notify();
  },
  hide(): void {
    pending = Math.max(0, pending - 1);
    notify();
  },
  isActive(): boolean {
    return pending > 0;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Test helper: forget every pending call. */
  reset(): void {
    pending = 0;
    notify();
  },
};
