import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import RegisterPanel from './RegisterPanel';

const api = vi.hoisted(() => ({ sendEmailCode: vi.fn(), register: vi.fn() }));
vi.mock('@/api/auth', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/api/auth')>()), ...api }));
vi.mock('@/hooks/usePublicConfig', () => ({
  usePublicConfig: () => ({ supportEmail: 'support@coffer.local', privacyPolicyUrl: '/privacy.html' }),
}));

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

async function fillStepOne() {
  type('register-email', ' new@merchant.example ');
  type('register-code', ' 123456 ');
  fireEvent.click(screen.getByTestId('register-agree'));
  await click('register-continue');
  await screen.findByTestId('register-password');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.sendEmailCode.mockReset().mockResolvedValue(null);
  api.register.mockReset().mockResolvedValue(null);
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
});

describe('register, step 1', () => {
  it('checks the e-mail before asking for a code, and sends none for a bad one', async () => {
    render(<RegisterPanel onDone={vi.fn()} />);
    await click('register-get-code');
    expect(await screen.findByText('Email address is empty')).toBeTruthy();
    type('register-email', 'not-an-email');
    await click('register-get-code');
    expect(await screen.findByText('Email Format Incorrect')).toBeTruthy();
    expect(api.sendEmailCode).not.toHaveBeenCalled();

    type('register-email', 'new@merchant.example');
    await click('register-get-code');
    expect(api.sendEmailCode).toHaveBeenCalledWith({ email: 'new@merchant.example', type: 1 });
    await waitFor(() => expect(screen.getByTestId('register-get-code').textContent).toContain('60 s'));
    await click('register-get-code');
    expect(api.sendEmailCode).toHaveBeenCalledTimes(1); // ignored during the countdown
  });

  it('requires the code (6 digits) and the privacy checkbox before Continue', async () => {
    render(<RegisterPanel onDone={vi.fn()} />);
    type('register-email', 'new@merchant.example');
    await click('register-continue');
    expect(await screen.findByText('Verification code cannot be empty')).toBeTruthy();
    expect(await screen.findByText('Please read and agree to the privacy policy')).toBeTruthy();
    type('register-code', '12a');
    await click('register-continue');
    expect(await screen.findByText('Must be a 6-digit number')).toBeTruthy();
    expect(screen.queryByTestId('register-password')).toBeNull();
    expect(screen.getByTestId('privacy-link').getAttribute('href')).toBe('/privacy.html');
  });
});

describe('register, step 2 and 3', () => {
  it('validates the password pair, lights the indicators, and Back keeps step 1 values', async () => {
    render(<RegisterPanel onDone={vi.fn()} />);
    await fillStepOne();
    type('register-password', 'abcdefgh');
    expect(screen.getByTestId('password-rules').querySelectorAll('li[data-met="true"]')).toHaveLength(2);
    type('register-password-verify', 'abcdefgx');
    await click('register-submit');
    expect(await screen.findByText('Password Format Error')).toBeTruthy();
    expect(await screen.findByText('The two passwords are inconsistent')).toBeTruthy();
    expect(api.register).not.toHaveBeenCalled();

    await click('register-back');
    expect(input('register-email').value).toBe(' new@merchant.example ');
  });

  it('submits trimmed values and shows the submitted message with the contact tip', async () => {
    const onDone = vi.fn();
    render(<RegisterPanel onDone={onDone} />);
    await fillStepOne();
    type('register-password', 'Abcdefg1');
    type('register-password-verify', 'Abcdefg1');
    await click('register-submit');
    expect(api.register).toHaveBeenCalledWith({
      email: 'new@merchant.example',
      code: '123456',
      password: 'Abcdefg1',
      passwordVerify: 'Abcdefg1',
    });
    expect(await screen.findByTestId('register-done')).toBeTruthy();
    expect(screen.getByTestId('register-contact-tip').textContent).toContain('within 1 working day');
    expect(screen.getByTestId('support-email').textContent).toBe('support@coffer.local');
    await click('register-back-to-login');
    expect(onDone).toHaveBeenCalled();
  });

  it('returns to step 1 when the server refuses the code', async () => {
    api.register.mockRejectedValue(new ApiError(11002, 'Verification code incorrect'));
    render(<RegisterPanel onDone={vi.fn()} />);
    await fillStepOne();
    type('register-password', 'Abcdefg1');
    type('register-password-verify', 'Abcdefg1');
    await click('register-submit');
    expect(await screen.findByTestId('register-code')).toBeTruthy();
    expect(screen.queryByTestId('register-done')).toBeNull();
  });
});
