import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

const reduced = () => window.matchMedia?.(QUERY).matches ?? false;

/**
 * Whether the user asked the system for less motion: then dialogs, drawers and menus appear at
 * once instead of zooming and sliding (antd's `motion` token), and follow a change of the setting.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
