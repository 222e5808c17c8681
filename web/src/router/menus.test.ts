import { describe, expect, it } from 'vitest';
import { CATALOGUE, makeUser } from '@/test/fixtures';
import { firstPagePath, groupOf, hasPermission, homePath, menuTitle, navigationTree, pageRoutes, sidebarGroups } from './menus';

describe('navigationTree', () => {
  it('keeps M and C entries in menuList order and nests children under their parent', () => {
    const tree = navigationTree(makeUser('all'));
    expect(tree.map((node) => node.id)).toEqual(['1', '2', '10', '11', '3', '4', '5', '6', '7', '8', '9']);
    const token = tree.find((node) => node.id === '2')!;
    // 215 is an F flag: never a navigation entry.
    expect(token.children.map((node) => node.id)).toEqual(['201', '202', '203', '204', '205', '206']);
    expect(token.icon).toBe('WalletOutlined');
    expect(token.children[0].icon).toBeNull();
  });

  it('shows only entries whose id roleList holds, compared as strings', () => {
    const user = makeUser([1, 3, 301]);
    user.roleList = [{ menuId: '1' }, { menuId: 3 }, { menuId: '301' }];
    user.menuList = CATALOGUE; // even if the server sent more, roleList decides
    const tree = navigationTree(user);
    expect(tree.map((node) => node.id)).toEqual(['1', '3']);
    expect(tree[1].children.map((node) => node.path)).toEqual(['/orders/deposit']);
  });

  it('hides the children of a parent the role does not hold', () => {
    const tree = navigationTree(makeUser([1, 301]));
    expect(tree.map((node) => node.id)).toEqual(['1']);
  });
});

describe('landing page', () => {
  it('is the first C entry in menuList order', () => {
    expect(homePath(makeUser('all'))).toBe('/home');
  });

  it('descends into the first directory when it comes before any page', () => {
    const user = makeUser([3, 301, 302, 1]);
    const byId = (id: number) => CATALOGUE.find((item) => item.menuId === id)!;
    user.menuList = [byId(3), byId(302), byId(301), byId(1)]; // Orders first, Withdraw before Deposit
    expect(homePath(user)).toBe('/orders/withdraw');
  });

  it('skips an empty directory and falls back to the personal centre without pages', () => {
    expect(firstPagePath(navigationTree(makeUser([3, 10])))).toBe('/service');
    expect(homePath(makeUser([3]))).toBe('/personal');
  });
});

describe('pageRoutes', () => {
  const paths = (ids: Array<number | string> | 'all') => pageRoutes(makeUser(ids)).map((route) => route.path);

  it('contains every allowed C page with its breadcrumb parents', () => {
    const routes = pageRoutes(makeUser('all'));
    const deposit = routes.find((route) => route.path === '/orders/deposit')!;
    expect(deposit.menuId).toBe('301');
    expect(deposit.parents.map((titles) => titles.en)).toEqual(['Orders']);
    expect(routes.some((route) => route.path === '/orders')).toBe(false); // directories are not pages
  });

  it('has the Token › Energy route only for a role holding menu 203', () => {
    expect(paths([1, 2, 203])).toContain('/token/energy');
    expect(paths([1, 2, 201, 20301])).not.toContain('/token/energy');
  });

  it('adds /token/token-detail only when roleList holds 215', () => {
    expect(paths('all')).toContain('/token/token-detail');
    expect(paths([1, 2, 201])).not.toContain('/token/token-detail');
  });

  it('matches flag 215 when it arrives as a string', () => {
    const user = makeUser([1, 2, 201]);
    user.roleList = [...user.roleList, { menuId: '215' }];
    expect(pageRoutes(user).map((route) => route.path)).toContain('/token/token-detail');
  });

  it('does not grant token detail from a menuList F entry alone', () => {
    const user = makeUser([1, 2, 201, 215]);
    user.roleList = user.roleList.filter((entry) => String(entry.menuId) !== '215');
    expect(pageRoutes(user).map((route) => route.path)).not.toContain('/token/token-detail');
  });
});

describe('sidebar groups', () => {
  it('puts 1, 2, 10, 11 in general, 3-6 in financial and the rest in system', () => {
    const groups = sidebarGroups(navigationTree(makeUser('all')));
    expect(groups.map((group) => [group.key, group.items.map((node) => node.id)])).toEqual([
      ['general', ['1', '2', '10', '11']],
      ['financial', ['3', '4', '5', '6']],
      ['system', ['7', '8', '9']],
    ]);
  });

  it('leaves out empty groups', () => {
    const groups = sidebarGroups(navigationTree(makeUser([1, 3, 301])));
    expect(groups.map((group) => group.key)).toEqual(['general', 'financial']);
  });

  it('groups by string id', () => {
    expect(groupOf('10')).toBe('general');
    expect(groupOf(6)).toBe('financial');
    expect(groupOf(12)).toBe('system');
  });
});

describe('permissions and titles', () => {
  it('hasPermission compares ids as strings and gives admin no bypass', () => {
    const roleList = [{ menuId: 30101 }, { menuId: '215' }];
    expect(hasPermission(roleList, '30101')).toBe(true);
    expect(hasPermission(roleList, 215)).toBe(true);
    expect(hasPermission(roleList, 30102)).toBe(false);
    expect(hasPermission([], 1)).toBe(false);
    expect(hasPermission(undefined, 1)).toBe(false);
  });

  it('localizes titles with en as the fallback', () => {
    const titles = { en: 'Deposit', 'zh-CN': '充值' };
    expect(menuTitle(titles, 'zh-CN')).toBe('充值');
    expect(menuTitle(titles, 'zh-HK')).toBe('Deposit');
  });
});
