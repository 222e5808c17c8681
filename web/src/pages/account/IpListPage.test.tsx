import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { showAllColumns } from '@/test/columns';
import IpListPage from './IpListPage';
import * as ipListModule from '@/api/ipList';
import type { PartnerIpRow } from '@/api/ipList';

vi.mock('@/api/ipList');
const api = vi.mocked(ipListModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const row = (id: number, ip: string, applyStatus: 0 | 1 | 2): PartnerIpRow => ({
  id,
  ip,
  remark: id === 1 ? 'office' : '',
  applyStatus,
  status: applyStatus === 1 ? 1 : 0,
  createtime: '2026-11-22T07:00:00Z',
  reviewtime: applyStatus === 0 ? null : '2026-11-22T08:30:00Z',
});
const ROWS = [row(1, '203.0.113.7', 0), row(2, '2001:db8::1', 1), row(3, '198.51.100.9', 2)];

function signInWith(menuIds: Array<number | string>) {
  act(() => sessionStore.signIn(makeUser(menuIds)));
}

async function renderPage() {
  render(<IpListPage />);
  await screen.findByText('198.51.100.9', undefined, { timeout: 5000 });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getPartnerIps.mockReset().mockResolvedValue({ list: ROWS, total: 3 });
  api.requestPartnerIp.mockReset().mockResolvedValue({ id: 9 });
  api.deletePartnerIp.mockReset().mockResolvedValue(null);
});
afterEach(() => act(() => sessionStore.signOut()));

describe('IP list', () => {
  it('shows the rows, labels, times in the merchant zone and the count', async () => {
    signInWith([7, 701, 70101, 70102]);
    await renderPage();
    expect(api.getPartnerIps).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    expect(screen.getAllByTestId('ip-apply-status').map((tag) => tag.textContent)).toEqual(['Awaiting review', 'Approved', 'Rejected']);
    expect(screen.getAllByTestId('ip-status').map((tag) => tag.textContent)).toEqual(['Not effective', 'Effective', 'Not effective']);
    await showAllColumns(); // the times are secondary columns
    expect(screen.getAllByText('2026-11-22 15:00:00')).toHaveLength(3); // 07:00Z at UTC+8
    expect(screen.getAllByText('2026-11-22 16:30:00')).toHaveLength(2);
    // The count comes from its own read of the list: wait for it (it raced the rows under load).
    await waitFor(() => expect(screen.getByTestId('ip-count').textContent).toBe('2 / 10')); // the rejected one does not count
    expect(screen.getByTestId('ip-list-tip').textContent).toMatch(/merchant API/);
  });

  it('shows both buttons with 70101 and 70102', async () => {
    signInWith([7, 701, 70101, 70102]);
    await renderPage();
    expect(screen.queryAllByTestId('ip-request')).toHaveLength(1);
    expect(screen.queryAllByTestId('ip-delete')).toHaveLength(3);
  });

  it('shows neither button, nor the actions column, without them', async () => {
    signInWith([7, 701]);
    await renderPage();
    expect(screen.queryAllByTestId('ip-request')).toHaveLength(0);
    expect(screen.queryAllByTestId('ip-delete')).toHaveLength(0);
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('gates each button on its own id (no bypass for the admin role)', async () => {
    signInWith([7, 701, 70102]);
    await renderPage();
    expect(screen.queryAllByTestId('ip-request')).toHaveLength(0);
    expect(screen.queryAllByTestId('ip-delete')).toHaveLength(3);
  });

  it('disables the request button at 10 pending or approved', async () => {
    const many = Array.from({ length: 10 }, (_, i) => row(10 + i, `10.0.0.${i + 1}`, i % 2 === 0 ? 0 : 1));
    api.getPartnerIps.mockResolvedValue({ list: [...many, row(99, '198.51.100.9', 2)], total: 11 });
    signInWith([7, 701, 70101]);
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('ip-count').textContent).toBe('10 / 10'));
    expect((screen.getByTestId('ip-request') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses an invalid address without a request, and sends a valid one trimmed', async () => {
    signInWith([7, 701, 70101]);
    await renderPage();
    fireEvent.click(screen.getByTestId('ip-request'));
    const input = await screen.findByTestId('ip-form-ip', undefined, { timeout: 5000 });
    fireEvent.change(input, { target: { value: '203.0.113.300' } });
    fireEvent.click(screen.getByTestId('ip-form-submit'));
    expect(await screen.findByText('Invalid IP address', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.requestPartnerIp).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: ' 203.0.113.8 ' } });
    fireEvent.change(screen.getByTestId('ip-form-remark'), { target: { value: ' backup ' } });
    fireEvent.click(screen.getByTestId('ip-form-submit'));
    await waitFor(() => expect(api.requestPartnerIp).toHaveBeenCalledWith({ ip: '203.0.113.8', remark: 'backup' }), { timeout: 5000 });
    await waitFor(() => expect(api.getPartnerIps).toHaveBeenCalledTimes(2)); // reloaded
  });

  it('keeps the dialog open when the server refuses', async () => {
    api.requestPartnerIp.mockRejectedValue(new Error('This IP address is already listed'));
    signInWith([7, 701, 70101]);
    await renderPage();
    fireEvent.click(screen.getByTestId('ip-request'));
    fireEvent.change(await screen.findByTestId('ip-form-ip', undefined, { timeout: 5000 }), { target: { value: '203.0.113.7' } });
    fireEvent.click(screen.getByTestId('ip-form-submit'));
    await waitFor(() => expect(api.requestPartnerIp).toHaveBeenCalledWith({ ip: '203.0.113.7' }), { timeout: 5000 });
    expect(screen.getByTestId('ip-form-ip')).toBeTruthy();
    expect(api.getPartnerIps).toHaveBeenCalledTimes(1);
  });
});
