import { post } from '@/utils/request';
import type { AccountRow, AccountStatus, MenuId, MenuItem, PageQuery, PageResult, RoleOption, RoleRow } from './types';

// Accounts and roles (menu 7, docs/api.md). Each call needs its menu id in the caller's roleList.

export const accountPage = (query: PageQuery & { email?: string }) =>
  post<PageResult<AccountRow>>('/api/partner/account/page', query);

/**
 * An invitation: the invitee gets a code by mail and sets the password (/api/partner/invite/accept).
 * The answer is the same whether or not the address has an account with another merchant.
 */
export interface AccountAdd {
  email: string;
  username: string;
  roleId: number;
  googleCode: string;
}

export const accountAdd = (body: AccountAdd) => post<null>('/api/partner/account/add', body, { loading: true });

export interface AccountEdit {
  id: number;
  username: string;
  roleId: number;
  status: AccountStatus;
  /** Needed when the role changes. */
  googleCode?: string;
}

export const accountEdit = (body: AccountEdit) => post<null>('/api/partner/account/edit', body, { loading: true });

export const accountResetPassword = (body: { id: number; password: string; passwordVerify: string }) =>
  post<null>('/api/partner/account/resetPassword', body, { loading: true });

export const accountDelete = (id: number) => post<null>('/api/partner/account/delete', { id }, { loading: true });

/** The roles an account may be given; needs only the account list's menu (702). */
export const roleOptions = () => post<RoleOption[]>('/api/partner/account/roleOptions');

export const rolePage = (options: { silent?: boolean } = {}) =>
  post<PageResult<RoleRow>>('/api/partner/role/page', undefined, options);

/** Every menu item: the nodes of the permission tree. */
export const roleMenus = () => post<MenuItem[]>('/api/partner/role/menus');

export interface RoleSave {
  name: string;
  menuIds: MenuId[];
  googleCode: string;
}

export const roleAdd = (body: RoleSave) => post<{ id: number }>('/api/partner/role/add', body, { loading: true });

export const roleEdit = (body: RoleSave & { id: number }) => post<null>('/api/partner/role/edit', body, { loading: true });

export const roleDelete = (id: number) => post<null>('/api/partner/role/delete', { id }, { loading: true });
