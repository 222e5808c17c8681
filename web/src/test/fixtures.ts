import type { MenuItem, UserSession } from '@/api/types';

// The menu catalogue of docs/menus.md, as the server sends it (flat, sorted).
type Row = [number, number, 'M' | 'C' | 'F', string, string, string];
const ROWS: Row[] = [
  [1, 0, 'C', '/home', 'HomeOutlined', 'Home'],
  [2, 0, 'M', '/token', 'WalletOutlined', 'Token'],
  [201, 2, 'C', '/token/list', '', 'Token list'],
  [202, 2, 'C', '/token/wallet-address', '', 'Wallet address'],
  [203, 2, 'C', '/token/energy', '', 'Energy'],
  [204, 2, 'C', '/token/trade', '', 'Trade'],
  [205, 2, 'C', '/token/set', '', 'Set'],
  [206, 2, 'C', '/token/withdraw', '', 'Token withdraw'],
  [215, 2, 'F', '/token/token-detail', '', 'Token detail'],
  [10, 0, 'C', '/service', 'AppstoreOutlined', 'Service list'],
  [11, 0, 'C', '/points', 'GiftOutlined', 'Points list'],
  [3, 0, 'M', '/orders', 'ProfileOutlined', 'Orders'],
  [301, 3, 'C', '/orders/deposit', '', 'Deposit'],
  [302, 3, 'C', '/orders/withdraw', '', 'Withdraw'],
  [4, 0, 'M', '/transactions', 'SwapOutlined', 'Transactions'],
  [401, 4, 'C', '/transactions/deposit-list', '', 'Deposit list'],
  [5, 0, 'M', '/collect', 'FundOutlined', 'Collect'],
  [501, 5, 'C', '/collect/transactions', '', 'Collection transactions'],
  [6, 0, 'M', '/report', 'BarChartOutlined', 'Data report'],
  [601, 6, 'C', '/report/payment', '', 'Payment'],
  [7, 0, 'M', '/account', 'TeamOutlined', 'Account'],
  [701, 7, 'C', '/account/ip-list', '', 'IP list'],
  [8, 0, 'M', '/system', 'SettingOutlined', 'System'],
  [803, 8, 'C', '/system/api-key', '', 'API key'],
  [9, 0, 'M', '/logs', 'FileSearchOutlined', 'Logs'],
  [901, 9, 'C', '/logs/login', '', 'Login logs'],
];

export const CATALOGUE: MenuItem[] = ROWS.map(([menuId, parentId, menuType, path, icon, en], sort) => ({
  menuId,
  parentId,
  menuType,
  path,
  icon,
  sort,
  menuNameEn: { en, 'zh-CN': `${en} (zh-CN)`, 'zh-HK': `${en} (zh-HK)` },
}));

export function makeUser(menuIds: Array<number | string> | 'all', overrides: Partial<UserSession> = {}): UserSession {
  const ids = menuIds === 'all' ? CATALOGUE.map((item) => item.menuId) : menuIds;
  const wanted = new Set(ids.map(String));
  return {
    id: 1,
    username: 'Demo admin',
    role: 'admin',
    sessionCode: 'token-123',
    menuList: CATALOGUE.filter((item) => wanted.has(String(item.menuId))),
    roleList: ids.map((menuId) => ({ menuId })),
    useremail: 'demo@coffer.local',
    usermobile: '',
    createtime: '2026-11-22T07:00:00Z',
    superadmin: false,
    isAdmin: true,
    userStatus: 1,
    bindGoogle: false,
    ...overrides,
  };
}
