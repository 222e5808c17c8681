import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/utils/storage';
import { isMobileWidth, readMobileFlag, shouldCollapse, sidebarWidth, writeMobileFlag } from './responsive';

describe('sidebar sizes and breakpoints', () => {
  it('collapses at 1200 or less', () => {
    expect(shouldCollapse(1201)).toBe(false);
    expect(shouldCollapse(1200)).toBe(true);
    expect(shouldCollapse(800)).toBe(true);
  });

  it('is mobile below 993', () => {
    expect(isMobileWidth(993)).toBe(false);
    expect(isMobileWidth(992)).toBe(true);
  });

  it('is 270 expanded, 98 collapsed and 0 collapsed on mobile', () => {
    expect(sidebarWidth(false, false)).toBe(270);
    expect(sidebarWidth(true, false)).toBe(98);
    expect(sidebarWidth(true, true)).toBe(0);
    expect(sidebarWidth(false, true)).toBe(270);
  });

  it('stores the mobile flag under isMobile and removes it on desktop', () => {
    writeMobileFlag(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.isMobile)).toBe('true');
    expect(readMobileFlag()).toBe(true);
    writeMobileFlag(false);
    expect(window.localStorage.getItem('isMobile')).toBeNull();
    expect(readMobileFlag()).toBe(false);
  });
});
