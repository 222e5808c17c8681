import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '@/utils/storage';

/** Layout toggles of the settings drawer (spec section 2), persisted across sessions. */
export interface LayoutSettings {
  sidebarLogo: boolean;
  fixedHeader: boolean;
  tagsView: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = { sidebarLogo: true, fixedHeader: true, tagsView: true };

let current: LayoutSettings = { ...DEFAULT_SETTINGS, ...(readJson<Partial<LayoutSettings>>(STORAGE_KEYS.settings) ?? {}) };
const listeners = new Set<() => void>();

export function updateSettings(patch: Partial<LayoutSettings>): void {
  current = { ...current, ...patch };
  writeJson(STORAGE_KEYS.settings, current);
  listeners.forEach((listener) => listener());
}

export function useSettings(): LayoutSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
