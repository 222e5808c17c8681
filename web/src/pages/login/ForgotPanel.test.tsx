import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import ForgotPanel from './ForgotPanel';

const api = vi.hoisted(() => ({ sendEmailCode: vi.fn(), resetPassword: vi.fn(), acceptInvitation: vi.fn() }));
vi.mock('@/api/auth', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/api/auth')>()), ...api }));

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.sendEmailCode.mockReset().mockResolvedValue(null);
  api.resetPassword.mockReset().mockResolvedValue(null);
  api.acceptInvitation.mockReset().mockResolvedValue(null);
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
});

describe('forgot password', () => {
  it('asks for a reset code (type 8) only for a well-formed e-mail', async () => {
    render(<ForgotPanel onCancel={vi.fn()} onSignIn={vi.fn()} />);
    type('forgot-email', 'demo@coffer');
    await click('forgot-get-code');
    expect(await screen.findByText('Email Format Incorrect')).toBeTruthy();
    expect(api.sendEmailCode).not.toHaveBeenCalled();
    type('forgot-email', 'demo@coffer.local');
    await click('forgot-get-code');
    expect(api.sendEmailCode).toHaveBeenCalledWith({ email: 'demo@coffer.local', type: 8 });
  });

  it('goes e-mail and code → new password (Back returns) → reset successful → sign in now', async () => {
    const onSignIn = vi.fn();
    render(<ForgotPanel onCancel={vi.fn()} onSignIn={onSignIn} />);
    type('forgot-email', 'demo@coffer.local ');
    type('forgot-code', '654321');
    await click('forgot-next');
    await click('forgot-back');
    expect(screen.getByTestId('forgot-code')).toBeTruthy();
    await click('forgot-next');

    type('forgot-password', 'New-Pass-2027');
    type('forgot-password-verify', 'New-Pass-2028');
    await click('forgot-submit');
    expect(await screen.findByText('The two passwords are inconsistent')).toBeTruthy();
    type('forgot-password-verify', 'New-Pass-2027');
    await click('forgot-submit');
    expect(api.resetPassword).toHaveBeenCalledWith({
      email: 'demo@coffer.local',
      code: '654321',
      password: 'New-Pass-2027',
      passwordVerify: 'New-Pass-2027',
    });
    expect(await screen.findByTestId('forgot-done')).toBeTruthy();
    await click('forgot-sign-in-now');
    expect(onSignIn).toHaveBeenCalledWith('demo@coffer.local');
  });

  it('stays on step 2 when the reset fails for another reason', async () => {
    api.resetPassword.mockRejectedValue(new Error('network error'));
    render(<ForgotPanel onCancel={vi.fn()} onSignIn={vi.fn()} />);
    type('forgot-email', 'demo@coffer.local');
    type('forgot-code', '654321');
    await click('forgot-next');
    type('forgot-password', 'New-Pass-2027');
    type('forgot-password-verify', 'New-Pass-2027');
    await click('forgot-submit');
    expect(screen.getByTestId('forgot-password')).toBeTruthy();
    expect(screen.queryByTestId('forgot-done')).toBeNull();
  });
});

describe('accept invitation', () => {
  it('asks for an invitation code (type 9) and sets the first password', async () => {
    const onSignIn = vi.fn();
    render(<ForgotPanel invitation onCancel={vi.fn()} onSignIn={onSignIn} />);
    expect(screen.getByText('Accept invitation')).toBeTruthy();
    type('invite-email', 'ann@x.example');
    await click('invite-get-code');
    expect(api.sendEmailCode).toHaveBeenCalledWith({ email: 'ann@x.example', type: 9 });
    type('invite-code', '123456');
    await click('invite-next');
    type('invite-password', 'Invited-Pass-2026');
    type('invite-password-verify', 'Invited-Pass-2026');
    await click('invite-submit');
    expect(api.acceptInvitation).toHaveBeenCalledWith({
      email: 'ann@x.example',
      code: '123456',
      password: 'Invited-Pass-2026',
      passwordVerify: 'Invited-Pass-2026',
    });
    expect(api.resetPassword).not.toHaveBeenCalled();
    expect(await screen.findByText('Invitation accepted')).toBeTruthy();
    await click('invite-sign-in-now');
    expect(onSignIn).toHaveBeenCalledWith('ann@x.example');
  });
});
