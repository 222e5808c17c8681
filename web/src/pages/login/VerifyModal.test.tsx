import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import VerifyModal from './VerifyModal';

const sendEmailCode = vi.hoisted(() => vi.fn());
vi.mock('@/api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/auth')>()),
  sendEmailCode,
}));

function renderModal(type: number, onSubmit = vi.fn()) {
  render(<VerifyModal open type={type} email="demo@coffer.local" submitting={false} onSubmit={onSubmit} onClose={vi.fn()} />);
  return onSubmit;
}

const codeInput = () => screen.getByTestId('verify-code') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByTestId('verify-submit'));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  sendEmailCode.mockReset();
  sendEmailCode.mockResolvedValue(null);
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
});

describe('verify modal, e-mail code', () => {
  it('sends a login code (type 2) once and ignores clicks during the countdown', async () => {
    renderModal(0);
    const button = screen.getByTestId('get-code');
    expect(button.textContent).toContain('Get code');
    await act(async () => fireEvent.click(button));
    expect(sendEmailCode).toHaveBeenCalledWith({ email: 'demo@coffer.local', type: 2 });
    await waitFor(() => expect(screen.getByTestId('get-code').textContent).toContain('60 s'));
    await act(async () => fireEvent.click(screen.getByTestId('get-code')));
    expect(sendEmailCode).toHaveBeenCalledTimes(1);
  });

  it('does not start the countdown when sending fails', async () => {
    sendEmailCode.mockRejectedValue(new Error('Do Not Resend'));
    renderModal(0);
    await act(async () => fireEvent.click(screen.getByTestId('get-code')));
    expect(screen.getByTestId('get-code').textContent).toContain('Get code');
  });

  it('requires the code, demands 6 digits and submits it trimmed', async () => {
    const onSubmit = renderModal(0);
    submit();
    expect(await screen.findByText('Verification code cannot be empty')).toBeTruthy();
    fireEvent.change(codeInput(), { target: { value: '12345' } });
    submit();
    expect(await screen.findByText('Must be a 6-digit number')).toBeTruthy();
    fireEvent.change(codeInput(), { target: { value: ' 123456 ' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('123456'));
  });
});

describe('verify modal, authenticator code', () => {
  it('has no get-code button and asks for the Google code', async () => {
    renderModal(1);
    expect(screen.queryByTestId('get-code')).toBeNull();
    expect(screen.getByText('Google authenticator')).toBeTruthy();
    submit();
    expect(await screen.findByText('Google verification code cannot be empty')).toBeTruthy();
  });
});
