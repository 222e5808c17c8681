import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '@/locales';
import { DepositStatusTag } from '@/pages/deposits/DepositStatusTag';
import { AmountText } from './StatusTags';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('AmountText', () => {
  it('never shows a non-zero amount as zero: "< 0.0001", the exact amount on hover', async () => {
    render(<AmountText amount="0.00009" symbol="USDT" testId="dust-amount" />);
    const shown = screen.getByTestId('dust-amount');
    expect(shown.textContent).toBe('< 0.0001 USDT');
    expect(shown.getAttribute('data-amount')).toBe('0.00009');
    fireEvent.mouseEnter(shown);
    expect(await screen.findByText('0.00009 USDT')).toBeTruthy();
  });

  it('shows zero as zero and 4 decimals rounded down, the exact amount on hover when it differs', async () => {
    render(<AmountText amount="0" testId="zero" />);
    expect(screen.getByTestId('zero').textContent).toBe('0.0000');
    render(<AmountText amount="1.23456" symbol="DEV" testId="rounded" />);
    expect(screen.getByTestId('rounded').textContent).toBe('1.2345 DEV');
    fireEvent.mouseEnter(screen.getByTestId('rounded'));
    expect(await screen.findByText('1.23456 DEV')).toBeTruthy();
  });
});

describe('DepositStatusTag', () => {
  it('shows a credited deposit by its state', () => {
    render(<DepositStatusTag row={{ status: 8, uncredited: false, note: '' }} testId="status" />);
    expect(screen.getByTestId('status').textContent).toBe('Transaction complete');
    expect(screen.queryByTestId('status-reason')).toBeNull();
  });

  it('shows a deposit never credited as "Not credited" with its reason, whatever its state', () => {
    const reasons = { dust: 'Below the minimum', unsupported: 'Token not enabled', internal: 'From your own address (a sweep or a payout)' };
    for (const [note, reason] of Object.entries(reasons)) {
      const { unmount } = render(<DepositStatusTag row={{ status: 8, uncredited: true, note }} testId="status" />);
      expect(screen.getByTestId('status').textContent).toBe('Not credited');
      expect(screen.getByTestId('status-reason').textContent).toBe(reason);
      unmount();
    }
    render(<DepositStatusTag row={{ status: 7, uncredited: true, note: 'dust' }} testId="confirming" />);
    expect(screen.getByTestId('confirming').textContent).toBe('Not credited');
  });

  it('shows a reason this console does not know as sent, in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    render(<DepositStatusTag row={{ status: 8, uncredited: true, note: 'frozen' }} testId="status" />);
    expect(screen.getByTestId('status').textContent).toBe('未入账');
    expect(screen.getByTestId('status-reason').textContent).toBe('frozen');
  });
});
