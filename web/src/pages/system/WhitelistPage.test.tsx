import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { ApiError } from '@/utils/request';
import WhitelistPage from './WhitelistPage';
import { renderSignedIn } from '@/test/session';
import * as systemModule from '@/api/system';

vi.mock('@/api/system');
const api = vi.mocked(systemModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const LIST = [
  { ip: '203.0.113.7', createtime: '2026-11-22T07:00:00Z' },
  { ip: '2001:db8::1', createtime: '2026-11-22T08:00:00Z' },
];

async function renderPage(menuIds: Array<number | string>) {
  renderSignedIn(menuIds, <WhitelistPage />);
  await screen.findByTestId('whitelist-row-2001:db8::1', undefined, WAIT);
}

async function openEditor() {
  fireEvent.click(screen.getByTestId('whitelist-edit'));
  await screen.findByTestId('whitelist-ip-0', undefined, WAIT);
  await waitFor(() => expect((screen.getByTestId('whitelist-ip-0') as HTMLInputElement).value).toBe('203.0.113.7'), WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getAllowIps.mockReset().mockResolvedValue(LIST);
  api.editAllowIps.mockReset();
});
afterEach(() => act(() => sessionStore.signOut()));

describe('whitelist', () => {
  it('lists the addresses with the n / 10 counter and the relation to the IP list', async () => {
    await renderPage([8, 805, 80501]);
    expect(screen.getByTestId('whitelist-count').textContent).toBe('2 / 10');
    expect(screen.getAllByTestId('whitelist-ip').map((node) => node.textContent)).toEqual(['203.0.113.7', '2001:db8::1']);
    expect(screen.getByText('2026-11-22 15:00:00')).toBeTruthy(); // UTC+8
    expect(screen.getByTestId('whitelist-tip').textContent).toMatch(/IP list/);
    expect(screen.getByTestId('whitelist-edit')).toBeTruthy();
  });

  it('has no edit button without 80501', async () => {
    await renderPage([8, 805]);
    expect(screen.queryByTestId('whitelist-edit')).toBeNull();
  });

  it('refuses an 11th row and an invalid address without a request', async () => {
    await renderPage([8, 805, 80501]);
    await openEditor();
    for (let i = 2; i < 10; i += 1) fireEvent.click(screen.getByTestId('whitelist-add-row'));
    await waitFor(() => expect(screen.getAllByTestId('whitelist-row')).toHaveLength(10), WAIT);
    const add = screen.getByTestId('whitelist-add-row') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(screen.getAllByTestId('whitelist-row')).toHaveLength(10);
    expect(screen.getByTestId('whitelist-rows').textContent).toBe('At most 10 IP addresses');

    fireEvent.change(screen.getByTestId('whitelist-ip-2'), { target: { value: '203.0.113.300' } });
    fireEvent.click(screen.getByTestId('whitelist-submit'));
    expect(await screen.findByText('Invalid IP address', undefined, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId('whitelist-ip-2'), { target: { value: '2001:db8::1::2' } });
    fireEvent.click(screen.getByTestId('whitelist-submit'));
    expect(await screen.findByText('Invalid IP address', undefined, WAIT)).toBeTruthy();
    expect(api.editAllowIps).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('whitelist-remove-9'));
    await waitFor(() => expect((screen.getByTestId('whitelist-add-row') as HTMLButtonElement).disabled).toBe(false), WAIT);
  });

  it('sends the whole list, trimmed and without blank rows, and shows what the server stored', async () => {
    api.editAllowIps.mockResolvedValue([LIST[1], { ip: '2001:db8::5', createtime: '2026-11-22T09:00:00Z' }]);
    await renderPage([8, 805, 80501]);
    await openEditor();
    fireEvent.click(screen.getByTestId('whitelist-remove-0'));
    fireEvent.click(screen.getByTestId('whitelist-add-row'));
    fireEvent.click(screen.getByTestId('whitelist-add-row'));
    fireEvent.change(await screen.findByTestId('whitelist-ip-1', undefined, WAIT), { target: { value: ' 2001:DB8:0:0::5 ' } });
    fireEvent.click(screen.getByTestId('whitelist-submit'));
    await waitFor(() => expect(api.editAllowIps).toHaveBeenCalledWith(['2001:db8::1', '2001:DB8:0:0::5']), WAIT);
    await waitFor(() => expect(screen.getByTestId('whitelist-row-2001:db8::5')).toBeTruthy(), WAIT);
    expect(screen.getByTestId('whitelist-count').textContent).toBe('2 / 10');
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    api.editAllowIps.mockRejectedValue(new ApiError(10422, 'At most 10 IP addresses'));
    await renderPage([8, 805, 80501]);
    await openEditor();
    fireEvent.click(screen.getByTestId('whitelist-submit'));
    await waitFor(() => expect(api.editAllowIps).toHaveBeenCalledWith(['203.0.113.7', '2001:db8::1']), WAIT);
    expect((await screen.findByTestId('whitelist-error', undefined, WAIT)).textContent).toBe('At most 10 IP addresses');
    expect(screen.getByTestId('whitelist-ip-0')).toBeTruthy();
  });
});
