import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChangePasswordModal from '@/layout/ChangePasswordModal';
import AccountFormModal from '@/pages/account/AccountFormModal';
import ResetPasswordModal from '@/pages/account/ResetPasswordModal';
import RoleFormModal from '@/pages/account/RoleFormModal';
import GoogleBindModal from '@/pages/personal/GoogleBindModal';
import GoogleUnbindModal from '@/pages/personal/GoogleUnbindModal';
import type { AccountRow } from '@/api/types';
import { TestRouter, settle } from '@/test/router';
import * as personalModule from '@/api/personal';
import * as authModule from '@/api/auth';
import * as accountsModule from '@/api/accounts';

vi.mock('@/api/personal');
const personal = vi.mocked(personalModule);
vi.mock('@/api/auth');
const auth = vi.mocked(authModule);
vi.mock('@/api/accounts');
const accounts = vi.mocked(accountsModule);

const SUB_ACCOUNT = { id: 7, email: 'clerk@coffer.local', username: 'Clerk', roleId: 2, roleName: 'Clerks', status: 1 } as AccountRow;
const close = () => undefined;

// The six dialogs of the issue, each with its Confirm button and the calls it must not make.
const DIALOGS: Array<{ name: string; dialog: () => ReactElement; submit: string; sends: () => unknown[] }> = [
  { name: 'Change password', dialog: () => <ChangePasswordModal open onClose={close} />, submit: 'change-password-submit', sends: () => auth.editPassword.mock.calls },
  { name: 'Bind Google', dialog: () => <GoogleBindModal open onClose={close} onBound={close} />, submit: 'google-bind-submit', sends: () => personal.googleBind.mock.calls },
  { name: 'Unbind Google', dialog: () => <GoogleUnbindModal open onClose={close} onUnbound={close} />, submit: 'google-unbind-submit', sends: () => personal.googleUnbind.mock.calls },
  { name: 'Add role', dialog: () => <RoleFormModal target="add" onClose={close} onSaved={close} />, submit: 'role-form-submit', sends: () => accounts.roleAdd.mock.calls },
  { name: 'Add account', dialog: () => <AccountFormModal target="add" selfId={1} onClose={close} onSaved={close} />, submit: 'account-form-submit', sends: () => accounts.accountAdd.mock.calls },
  { name: 'Reset password', dialog: () => <ResetPasswordModal target={SUB_ACCOUNT} onClose={close} />, submit: 'reset-password-submit', sends: () => accounts.accountResetPassword.mock.calls },
];

describe('a dialog confirmed with invalid fields', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', record);
    personal.googleCode.mockResolvedValue({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Coffer:me?secret=JBSWY3DPEHPK3PXP', account: 'me', issuer: 'Coffer' });
    accounts.roleMenus.mockResolvedValue([]);
    accounts.roleOptions.mockResolvedValue([{ id: 2, name: 'Clerks', isAdmin: false }]);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it.each(DIALOGS)('$name: the fields say what is wrong, nothing is sent, no unhandled rejection', async ({ dialog, submit, sends }) => {
    render(<TestRouter>{dialog()}</TestRouter>);
    const confirm = await screen.findByTestId(submit);
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(confirm);
      await settle(300);
    });
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    await act(() => settle(100)); // a rejection nobody handles is reported after the microtasks
    expect(sends()).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(screen.getByTestId(submit)).toBeTruthy(); // the dialog stays open
  });
});
