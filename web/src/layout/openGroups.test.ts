import { describe, expect, it } from 'vitest';
import { navigationTree } from '@/router/menus';
import { makeUser } from '@/test/fixtures';
import { accordionOpen, groupsToOpen } from './openGroups';

const tree = navigationTree(makeUser('all'));

describe('the sidebar groups opened for the current page', () => {
  it('opens the directory of a page in it', () => {
    expect(groupsToOpen(tree, '/orders/withdraw')).toEqual(['dir:3']);
    expect(groupsToOpen(tree, '/logs/operation')).toEqual(['dir:9']);
  });

  it('opens nothing for a top-level page', () => {
    expect(groupsToOpen(tree, '/home')).toEqual([]);
    expect(groupsToOpen(tree, '/points')).toEqual([]);
  });

  it('opens the directory a page without its own entry lies in (token detail)', () => {
    expect(groupsToOpen(tree, '/token/token-detail')).toEqual(['dir:2']);
  });

  it('opens nothing for a path outside the menus', () => {
    expect(groupsToOpen(tree, '/personal')).toEqual([]);
    expect(groupsToOpen(tree, '/nowhere/at-all')).toEqual([]);
  });
});

describe('the sidebar as an accordion', () => {
  it('opening a directory closes the others', () => {
    expect(accordionOpen(tree, ['dir:3'], ['dir:3', 'dir:9'])).toEqual(['dir:9']);
    expect(accordionOpen(tree, [], ['dir:2'])).toEqual(['dir:2']);
  });

  it('closing a directory leaves nothing else open', () => {
    expect(accordionOpen(tree, ['dir:3'], [])).toEqual([]);
  });
});
