import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import DismissibleTip, { tipStorageKey } from './DismissibleTip';

beforeEach(() => window.localStorage.clear());

describe('DismissibleTip', () => {
  it('closes with its × and stays closed when the screen opens again', () => {
    const first = render(<DismissibleTip id="deposits-301" message="What this list shows" testId="order-tip" />);
    expect(screen.getByTestId('order-tip').textContent).toContain('What this list shows');
    fireEvent.click(screen.getByTestId('order-tip-close'));
    expect(screen.queryByTestId('order-tip')).toBeNull();
    expect(window.localStorage.getItem(tipStorageKey('deposits-301'))).toBe('true');
    first.unmount();
    render(<DismissibleTip id="deposits-301" message="What this list shows" testId="order-tip" />);
    expect(screen.queryByTestId('order-tip')).toBeNull();
  });

  it('remembers each banner apart: closing one leaves the others', () => {
    window.localStorage.setItem(tipStorageKey('deposits-301'), 'true');
    render(<DismissibleTip id="withdrawals-302" message="Withdrawals" testId="other-tip" />);
    expect(screen.getByTestId('other-tip')).toBeTruthy();
  });
});
