import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/api/types';
import { buildPermissionTree, checkedFromMenuIds, indexTree, menuIdsToSend, toggleMenu } from './permissionTree';

const item = (menuId: number, parentId: number, menuType: 'M' | 'C' | 'F', en: string): MenuItem => ({
  menuId,
  parentId,
  menuType,
  path: '',
  menuNameEn: { en, 'zh-CN': `${en}（简）` },
});

const MENUS: MenuItem[] = [
  item(1, 0, 'C', 'Home'),
  item(7, 0, 'M', 'Account'),
  item(702, 7, 'C', 'Account list'),
  item(70201, 702, 'F', 'Add account'),
  item(70202, 702, 'F', 'Edit account'),
  item(703, 7, 'C', 'Role list'),
  item(70301, 703, 'F', 'Add role'),
];

const tree = buildPermissionTree(MENUS, 'en');
const index = indexTree(tree);
const sorted = (set: Set<string>) => [...set].sort();

describe('permission tree', () => {
  it('nests items under their parents with localized titles', () => {
    expect(tree.map((node) => node.key)).toEqual(['1', '7']);
    expect(tree[1].children.map((node) => node.key)).toEqual(['702', '703']);
    expect(tree[1].children[0].children.map((node) => node.title)).toEqual(['Add account', 'Edit account']);
    expect(buildPermissionTree(MENUS, 'zh-CN')[0].title).toBe('Home（简）');
    expect(buildPermissionTree(MENUS, 'zh-HK')[0].title).toBe('Home'); // falls back to en
  });

  it('checking a button also grants its page and directory', () => {
    expect(sorted(toggleMenu(index, new Set(), '70202', true))).toEqual(['70202', '7', '702'].sort());
  });

  it('checking a directory grants everything under it', () => {
    expect(sorted(toggleMenu(index, new Set(), '7', true))).toEqual(['7', '702', '70201', '70202', '703', '70301'].sort());
  });

  it('unchecking removes everything under it but keeps the parents', () => {
    const all = toggleMenu(index, new Set(['1']), '7', true);
    expect(sorted(toggleMenu(index, all, '702', false))).toEqual(['1', '7', '703', '70301'].sort());
  });

  it('keeps a page without its buttons (read-only page)', () => {
    const pageOnly = toggleMenu(index, toggleMenu(index, new Set(), '702', true), '70201', false);
    expect(sorted(toggleMenu(index, pageOnly, '70202', false))).toEqual(['7', '702']);
  });

  it('loads a role as given, dropping unknown ids, and sends numbers in tree order', () => {
    const checked = checkedFromMenuIds([702, '7', 999, 70201], index);
    expect(sorted(checked)).toEqual(['7', '702', '70201']);
    expect(menuIdsToSend(checked, tree)).toEqual([7, 702, 70201]);
  });
});
