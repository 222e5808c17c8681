import { useCallback, useEffect, useRef, useState } from 'react';
import { isMobileWidth, shouldCollapse, writeMobileFlag } from './responsive';

/**
 * Collapsed/expanded and mobile state of the sidebar (spec section 2):
 * the sidebar auto-collapses when the window becomes 1200 px wide or less (and re-expands when it
 * grows past 1200), and the mobile flag is stored while the window is narrower than 993 px.
 * Between threshold crossings the user's own toggle wins.
 */
export function useSidebarState() {
  const width = () => window.innerWidth;
  const [collapsed, setCollapsed] = useState(() => shouldCollapse(width()));
  const [mobile, setMobile] = useState(() => {
    const isMobile = isMobileWidth(width());
    writeMobileFlag(isMobile);
    return isMobile;
  });
  const wasCollapsedByWidth = useRef(shouldCollapse(width()));

  useEffect(() => {
    const onResize = () => {
      const narrow = shouldCollapse(width());
      if (narrow !== wasCollapsedByWidth.current) {
        wasCollapsedByWidth.current = narrow;
        setCollapsed(narrow);
      }
      const isMobile = isMobileWidth(width());
      writeMobileFlag(isMobile);
      setMobile(isMobile);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggle = useCallback(() => setCollapsed((value) => !value), []);
  /** antd's lg breakpoint (992 px) broke: make sure the sidebar is collapsed. */
  const onBreakpoint = useCallback((broken: boolean) => broken && setCollapsed(true), []);
  /** On mobile the expanded sidebar covers the page: close it after navigation. */
  const closeOnMobile = useCallback(() => mobile && setCollapsed(true), [mobile]);

  return { collapsed, mobile, toggle, onBreakpoint, closeOnMobile };
}
