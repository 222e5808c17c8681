import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import ForgotPanel from './ForgotPanel';

const api = vi.hoisted(() => ({
  sendEmailCode: vi.fn(),
  verifyResetCode: vi.fn(),
  resetPassword: vi.fn(),
  acceptInvitation: vi.fn(),
}));
vi.mock('@/api/auth', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/api/auth')>()), ...api }));

const PROOF = 'r1.42.1795500000.9f2c';
const WRONG_CODE = 'Verification code is incorrect or has expired';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

/** Step 1 with the right code, then a matching new password, submitted. */
async function submitNewPassword() {
  type('forgot-email', 'demo@coffer.local');
  type('forgot-code', '654321');
  await click('forgot-next');
  type('forgot-password', 'New-Pass-2027');
  type('forgot-password-verify', 'New-Pass-2027');
  await click('forgot-submit');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.sendEmailCode.mockReset().mockResolvedValue(null);
  api.verifyResetCode.mockReset().mockResolvedValue({ resetToken: PROOF, expiresAt: '2026-11-24T08:10:00Z' });
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
    expect(api.verifyResetCode).toHaveBeenLastCalledWith({ email: 'demo@coffer.local', code: '654321' });
    expect(api.resetPassword).toHaveBeenCalledWith({
      email: 'demo@coffer.local',
      resetToken: PROOF,
      password: 'New-Pass-2027',
      passwordVerify: 'New-Pass-2027',
    });
    expect(await screen.findByTestId('forgot-done')).toBeTruthy();
    await click('forgot-sign-in-now');
    expect(onSignIn).toHaveBeenCalledWith('demo@coffer.local');
  });

  it('refuses a wrong code at Next, under the code field, before any password is typed', async () => {
    api.verifyResetCode.mockRejectedValueOnce(new ApiError(11002, WRONG_CODE));
    render(<ForgotPanel onCancel={vi.fn()} onSignIn={vi.fn()} />);
    type('forgot-email', 'demo@coffer.local');
    type('forgot-code', '000000');
    await click('forgot-next');
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();
    expect(screen.queryByTestId('forgot-password')).toBeNull();
    expect(api.resetPassword).not.toHaveBeenCalled();

    type('forgot-code', '654321'); // typing clears the refusal; the right code passes
    await click('forgot-next');
    expect(screen.queryByText(WRONG_CODE)).toBeNull();
    expect(await screen.findByTestId('forgot-password')).toBeTruthy();
    expect(api.verifyResetCode).toHaveBeenCalledTimes(2);
  });

  it('returns to step 1 when the proof has expired, and Next checks the code again', async () => {
    api.resetPassword.mockRejectedValueOnce(new ApiError(11013, 'The e-mail code check has expired'));
    render(<ForgotPanel onCancel={vi.fn()} onSignIn={vi.fn()} />);
    await submitNewPassword();
    expect(await screen.findByTestId('forgot-code')).toBeTruthy();
    expect(screen.queryByTestId('forgot-password')).toBeNull();

    api.verifyResetCode.mockResolvedValueOnce({ resetToken: 'r1.43.1795500600.0abc', expiresAt: '' });
    await click('forgot-next');
    await click('forgot-submit');
    expect(api.resetPassword).toHaveBeenLastCalledWith(expect.objectContaining({ resetToken: 'r1.43.1795500600.0abc' }));
    expect(await screen.findByTestId('forgot-done')).toBeTruthy();
  });

  it('stays on step 2 when the reset fails for another reason', async () => {
    api.resetPassword.mockRejectedValue(new Error('network error'));
    render(<ForgotPanel onCancel={vi.fn()} onSignIn={vi.fn()} />);
    await submitNewPassword();
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
    expect(api.verifyResetCode).not.toHaveBeenCalled(); // the invitation's code is checked on submit
    expect(await screen.findByText('Invitation accepted')).toBeTruthy();
    await click('invite-sign-in-now');
    expect(onSignIn).toHaveBeenCalledWith('ann@x.example');
  });
});
