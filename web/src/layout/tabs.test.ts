import { describe, expect, it } from 'vitest';
import { MAX_TABS, closeAllTabs, closeOtherTabs, closeTab, openTab, pruneTabs } from './tabs';

const HOME = '/home';

describe('tabs', () => {
  it('opens each page once, home always first', () => {
    let tabs = openTab([], '/orders/deposit', HOME);
    tabs = openTab(tabs, '/points', HOME);
    tabs = openTab(tabs, '/orders/deposit', HOME);
    expect(tabs).toEqual([HOME, '/orders/deposit', '/points']);
  });

  it('keeps at most 20 tabs: opening one more closes the oldest tab other than home', () => {
    expect(MAX_TABS).toBe(20);
    let tabs: string[] = [];
    for (let page = 1; page <= 19; page += 1) tabs = openTab(tabs, `/page-${page}`, HOME);
    expect(tabs).toHaveLength(20);
    expect(tabs[0]).toBe(HOME);

    tabs = openTab(tabs, '/page-20', HOME);
    expect(tabs).toHaveLength(20);
    expect(tabs.slice(0, 3)).toEqual([HOME, '/page-2', '/page-3']);
    expect(tabs[19]).toBe('/page-20');

    // Going back to a tab that is open closes nothing; the next new one closes /page-2.
    expect(openTab(tabs, '/page-5', HOME)).toEqual(tabs);
    tabs = openTab(tabs, '/page-21', HOME);
    expect(tabs.slice(0, 2)).toEqual([HOME, '/page-3']);
    expect(tabs).toHaveLength(20);
    // Home is never the one closed, even when it was not first in what was kept.
    expect(openTab([...tabs.slice(1), HOME], '/page-22', HOME)).toEqual([HOME, ...tabs.slice(2), '/page-22']);
  });

  it('never closes the home tab', () => {
    const state = { tabs: [HOME, '/points'], active: HOME };
    expect(closeTab(state, HOME, HOME)).toEqual(state);
  });

  it('closing the current tab goes to the last remaining tab', () => {
    const state = { tabs: [HOME, '/a', '/b', '/c'], active: '/b' };
    expect(closeTab(state, '/b', HOME)).toEqual({ tabs: [HOME, '/a', '/c'], active: '/c' });
    expect(closeTab({ tabs: [HOME, '/a'], active: '/a' }, '/a', HOME)).toEqual({ tabs: [HOME], active: HOME });
  });

  it('closing another tab keeps the current page', () => {
    const state = { tabs: [HOME, '/a', '/b'], active: '/a' };
    expect(closeTab(state, '/b', HOME)).toEqual({ tabs: [HOME, '/a'], active: '/a' });
  });

  it('"Turn off other" keeps home and the chosen tab and opens it', () => {
    expect(closeOtherTabs('/b', HOME)).toEqual({ tabs: [HOME, '/b'], active: '/b' });
    expect(closeOtherTabs(HOME, HOME)).toEqual({ tabs: [HOME], active: HOME });
  });

  it('"Close all" keeps only home and returns there', () => {
    expect(closeAllTabs(HOME)).toEqual({ tabs: [HOME], active: HOME });
  });

  it('drops tabs of pages that are no longer allowed', () => {
    expect(pruneTabs(['/a', HOME, '/gone'], (path) => path !== '/gone', HOME)).toEqual([HOME, '/a']);
  });
});
