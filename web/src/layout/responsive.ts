import { STORAGE_KEYS, storage } from '@/utils/storage';

// Sidebar sizes and breakpoints of spec sections 2 and 9.
export const SIDEBAR_WIDTH = 270;
export const SIDEBAR_COLLAPSED_WIDTH = 98;
/** Auto-collapse at window widths of 1200 or less. */
export const COLLAPSE_MAX_WIDTH = 1200;
/** The mobile flag is set below 993 (i.e. at 992 and less). */
export const MOBILE_BELOW_WIDTH = 993;

export const shouldCollapse = (width: number): boolean => width <= COLLAPSE_MAX_WIDTH;
export const isMobileWidth = (width: number): boolean => width < MOBILE_BELOW_WIDTH;

/** The locally stored mobile flag (key `isMobile`), which sets the collapsed width to 0. */
export function readMobileFlag(): boolean {
  return storage.read(STORAGE_KEYS.isMobile) === 'true';
}

export function writeMobileFlag(mobile: boolean): void {
  storage.write(STORAGE_KEYS.isMobile, mobile ? 'true' : null);
}

export const collapsedWidth = (mobile: boolean): number => (mobile ? 0 : SIDEBAR_COLLAPSED_WIDTH);

export function sidebarWidth(collapsed: boolean, mobile: boolean): number {
  return collapsed ? collapsedWidth(mobile) : SIDEBAR_WIDTH;
}
