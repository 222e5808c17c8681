import { describe, expect, it } from 'vitest';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, pruneTabs } from './tabs';

const HOME = '/home';

describe('tabs', () => {
  it('opens each page once, home always first', () => {
    let tabs = openTab([], '/orders/deposit', HOME);
    tabs = openTab(tabs, '/points', HOME);
    tabs = openTab(tabs, '/orders/deposit', HOME);
    expect(tabs).toEqual([HOME, '/orders/deposit', '/points']);
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
