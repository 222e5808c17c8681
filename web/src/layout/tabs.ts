// Tab strip rules (spec section 2, Layout), kept pure so they can be tested:
// - every opened page is a tab, the home tab is always first and cannot be closed;
// - closing the current tab goes to the last remaining tab;
// - "Turn off other" keeps home and the chosen tab; "Close all" keeps home and goes there;
// - at most MAX_TABS tabs: opening one more closes the oldest tab other than home.

/** More would not fit a 1200 px strip readably, and each kept tab is a page to come back to. */
export const MAX_TABS = 20;

export interface TabsState {
  tabs: string[];
  active: string;
}

function withHome(tabs: readonly string[], home: string): string[] {
  return [home, ...tabs.filter((path) => path !== home)];
}

export function openTab(tabs: readonly string[], path: string, home: string): string[] {
  const list = withHome(tabs, home);
  if (list.includes(path)) return list;
  // Tabs are kept in the order they were opened: the oldest after home goes first.
  const kept = list.length >= MAX_TABS ? [home, ...list.slice(list.length - MAX_TABS + 2)] : list;
  return [...kept, path];
}

export function closeTab(state: TabsState, path: string, home: string): TabsState {
  if (path === home) return { tabs: withHome(state.tabs, home), active: state.active };
  const tabs = withHome(state.tabs, home).filter((tab) => tab !== path);
  const active = state.active === path ? tabs[tabs.length - 1] : state.active;
  return { tabs, active };
}

export function closeOtherTabs(keep: string, home: string): TabsState {
  const tabs = keep === home ? [home] : [home, keep];
  return { tabs, active: keep };
}

export function closeAllTabs(home: string): TabsState {
  return { tabs: [home], active: home };
}

/** Drop tabs the user can no longer open (menus refreshed, role changed). */
export function pruneTabs(tabs: readonly string[], allowed: (path: string) => boolean, home: string): string[] {
  return withHome(tabs.filter(allowed), home);
}
