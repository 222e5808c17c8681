import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { showAllColumns } from '@/test/columns';
import { ApiError } from '@/utils/request';
import AccountListPage from './AccountListPage';
import RoleListPage from './RoleListPage';

const api = vi.hoisted(() => ({
  accountPage: vi.fn(), rolePage: vi.fn(), roleOptions: vi.fn(), roleMenus: vi.fn(), accountAdd: vi.fn(), roleAdd: vi.fn(),
}));
vi.mock('@/api/accounts', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/api/accounts')>()), ...api }));
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const ROWS = [
  { id: 1, email: 'demo@coffer.local', username: 'Demo admin', roleId: 1, roleName: 'admin', status: 1, bindGoogle: true, createtime: '2026-11-22T07:00:00Z', lastLoginTime: null },
  { id: 2, email: 'clerk@coffer.local', username: 'Clerk', roleId: 2, roleName: 'Clerks', status: 0, bindGoogle: false, createtime: '2026-11-22T08:00:00Z', lastLoginTime: '2026-11-22T09:00:00Z' },
  { id: 3, email: 'ann@x.example', username: 'Ann', roleId: 2, roleName: 'Clerks', status: 2, bindGoogle: false, createtime: '2026-11-22T08:30:00Z', lastLoginTime: null },
];
const ROLES = [
  { id: 1, name: 'admin', isAdmin: true, menuIds: [1, 7], userCount: 1 },
  { id: 2, name: 'Clerks', isAdmin: false, menuIds: [1], userCount: 1 },
  { id: 3, name: 'Unused', isAdmin: false, menuIds: [], userCount: 0 },
];

function signInWith(menuIds: Array<number | string>) {
  act(() => sessionStore.signIn(makeUser(menuIds, { id: 1 })));
}

async function renderAccounts() {
  render(<AccountListPage />);
  await screen.findByText('clerk@coffer.local');
}

const buttons = (testId: string) => screen.queryAllByTestId(testId);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.accountPage.mockReset().mockResolvedValue({ list: ROWS, total: 3 });
  api.rolePage.mockReset().mockResolvedValue({ list: ROLES, total: 3 });
  api.roleOptions.mockReset().mockResolvedValue(ROLES.map(({ id, name, isAdmin }) => ({ id, name, isAdmin })));
});
afterEach(() => act(() => sessionStore.signOut()));

describe('account list buttons follow roleList', () => {
  it('shows every button with every permission', async () => {
    signInWith([7, 702, 70201, 70202, 70203, 70204]);
    await renderAccounts();
    expect(buttons('account-add')).toHaveLength(1);
    expect(buttons('account-edit')).toHaveLength(3);
    expect(buttons('account-reset-password')).toHaveLength(3);
    expect(buttons('account-delete')).toHaveLength(3);
    expect(api.accountPage).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
  });

  it('shows only the edit button with 70202 alone, and no action column without any', async () => {
    signInWith([7, 702, 70202]);
    await renderAccounts();
    expect(buttons('account-add')).toHaveLength(0);
    expect(buttons('account-edit')).toHaveLength(3);
    expect(buttons('account-reset-password')).toHaveLength(0);
    expect(buttons('account-delete')).toHaveLength(0);
  });

  it('shows no action at all for a read-only role', async () => {
    signInWith([7, 702]);
    await renderAccounts();
    expect(screen.queryByText('Actions')).toBeNull();
    expect(buttons('account-add')).toHaveLength(0);
  });

  it('does not let a user delete their own account, and shows times in the merchant zone', async () => {
    signInWith([7, 702, 70204]);
    await renderAccounts();
    const [own, other] = buttons('account-delete') as HTMLButtonElement[];
    expect(own.disabled).toBe(true);
    expect(other.disabled).toBe(false);
    // The times are secondary columns: off until switched on.
    expect(screen.queryByText('2026-11-22 15:00:00')).toBeNull();
    await showAllColumns();
    expect(screen.getByText('2026-11-22 15:00:00')).toBeTruthy(); // 07:00Z at UTC+8
  });
});

describe('account list e-mail filter (the kit FilterBar)', () => {
  it('searches page 1 by the trimmed e-mail, and all accounts when emptied or Reset', async () => {
    signInWith([7, 702]);
    await renderAccounts();
    const email = screen.getByTestId('filter-email');
    fireEvent.change(email, { target: { value: '  clerk@coffer ' } });
    fireEvent.click(within(screen.getByTestId('account-search')).getByTestId('filter-search'));
    await waitFor(() => expect(api.accountPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, email: 'clerk@coffer' }));
    fireEvent.change(email, { target: { value: '   ' } });
    fireEvent.submit(screen.getByTestId('account-search')); // Enter
    await waitFor(() => expect(api.accountPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }));
    fireEvent.change(email, { target: { value: 'ann' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.accountPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, email: 'ann' }));
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.accountPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }));
    expect((screen.getByTestId('filter-email') as HTMLInputElement).value).toBe('');
  });
});

describe('role list', () => {
  it('gates its buttons and keeps the admin role read-only', async () => {
    signInWith([7, 703, 70302, 70303]);
    render(<RoleListPage />);
    await screen.findByText('Unused');
    expect(buttons('role-add')).toHaveLength(0);
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    const edit = (name: string) => within(rowOf(name)).getByTestId('role-edit') as HTMLButtonElement;
    const remove = (name: string) => within(rowOf(name)).getByTestId('role-delete') as HTMLButtonElement;
    expect(edit('Clerks').disabled).toBe(false);
    expect(remove('Unused').disabled).toBe(false);
    await waitFor(() => expect(edit('admin').disabled).toBe(true));
    expect(remove('admin').disabled).toBe(true);
    expect(remove('Clerks').disabled).toBe(true); // held by a user
  });

  it('shows the add button with 70301', async () => {
    signInWith([7, 703, 70301]);
    render(<RoleListPage />);
    await screen.findByText('Unused');
    expect(buttons('role-add')).toHaveLength(1);
    expect(buttons('role-edit')).toHaveLength(0);
  });
});

describe('invitations and the Google code', () => {
  it('shows an invited account as Invited', async () => {
    signInWith([7, 702]);
    await renderAccounts();
    const statuses = buttons('account-status').map((tag) => tag.textContent);
    expect(statuses).toEqual(['Enabled', 'Disabled', 'Invited']);
  });

  it('invites without a password, with the Google code, and shows the server refusal', { timeout: 30000 }, async () => {
    act(() => sessionStore.signIn(makeUser([7, 702, 70201], { id: 1, bindGoogle: true })));
    api.accountAdd.mockReset().mockRejectedValue(new ApiError(10403, 'You cannot grant a permission you do not hold yourself'));
    render(
      <MemoryRouter>
        <AccountListPage />
      </MemoryRouter>,
    );
    await screen.findByText('clerk@coffer.local');
    await act(async () => fireEvent.click(screen.getByTestId('account-add')));
    expect(await screen.findByTestId('account-invite-tip')).toBeTruthy();
    expect(screen.queryByTestId('account-form-password')).toBeNull();
    fireEvent.change(screen.getByTestId('account-form-email'), { target: { value: 'ann@x.example' } });
    fireEvent.change(screen.getByTestId('account-form-username'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByTestId('account-form-google-code'), { target: { value: '123456' } });
    await waitFor(() => expect(api.roleOptions).toHaveBeenCalled());
    const role = screen.getByTestId('account-form-role').querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(role);
    fireEvent.click(await screen.findByTitle('Clerks'));
    await act(async () => fireEvent.click(screen.getByTestId('account-form-submit')));
    await waitFor(() =>
      expect(api.accountAdd).toHaveBeenCalledWith({ email: 'ann@x.example', username: 'Ann', roleId: 2, googleCode: '123456' }),
    );
    expect((await screen.findByTestId('account-form-error')).textContent).toContain('You cannot grant a permission');
  });
});
