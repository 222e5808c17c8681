import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { settle } from '@/test/router';
import { toast } from '@/utils/feedback';
import CallbackAddresses from './CallbackAddresses';
import { renderSignedIn } from '@/test/session';
import * as systemModule from '@/api/system';
import * as withdrawalsModule from '@/api/withdrawals';

vi.mock('@/api/system');
const system = vi.mocked(systemModule);
vi.mock('@/api/withdrawals');
const withdrawals = vi.mocked(withdrawalsModule);

const WAIT = { timeout: 8000 };
const SETTINGS = { hasKey: false, keyId: null, createtime: null, callbackUrl: 'https://shop.example/cb', clientKey: null, platformKeyId: 'pk', platformPublicKey: '' };
const INVALID = 'The risk-control address must be an http:// or https:// URL with a host, at most 512 characters';

async function renderCard(menuIds: Array<number | string>, riskUrl = '') {
  system.getApiSettings.mockResolvedValue({ ...SETTINGS, riskUrl });
  renderSignedIn(menuIds, <CallbackAddresses />);
  await screen.findByTestId(riskUrl ? 'risk-url' : 'risk-url-warning', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  system.getApiSettings.mockReset();
  system.saveCallbackUrl.mockReset();
  withdrawals.saveRiskUrl.mockReset().mockResolvedValue({ riskUrl: '' });
});
afterEach(() => act(() => sessionStore.signOut()));

describe('risk-control address', () => {
  it('explains the code-0 rule; not set means no asking; no edit button without 80403 (80402 is not enough)', async () => {
    await renderCard([8, 804, 80402]);
    expect(screen.getByTestId('risk-url-unset').textContent).toBe('Not set');
    expect(screen.getByTestId('risk-url-warning').textContent).toMatch(/pass without asking/);
    fireEvent.click(screen.getByTestId('risk-url-info')); // the rule, with what the address is for, behind its info icon
    const tip = await screen.findByTestId('risk-url-tip', undefined, WAIT);
    expect(tip.textContent).toMatch(/^Coffer asks this address before a withdrawal/);
    expect(screen.getByTestId('risk-url-rule').textContent).toMatch(/only when this address answers JSON with code 0/);
    expect(screen.queryByTestId('risk-url-edit')).toBeNull();
  });

  it('refuses a bad address client side, then saves with /riskurl/save and shows the stored form', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderCard([8, 804, 80403]);
    fireEvent.click(screen.getByTestId('risk-url-edit'));
    const input = await screen.findByTestId('risk-url-input', undefined, WAIT);
    for (const bad of ['ftp://risk.example/', 'https://u:p@risk.example/', 'https://risk.example/#x']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByTestId('risk-url-submit'));
      expect(await screen.findByText(INVALID, undefined, WAIT)).toBeTruthy();
    }
    expect(withdrawals.saveRiskUrl).not.toHaveBeenCalled();
    withdrawals.saveRiskUrl.mockResolvedValue({ riskUrl: 'https://risk.example/' });
    fireEvent.change(input, { target: { value: ' https://risk.example ' } });
    fireEvent.click(screen.getByTestId('risk-url-submit'));
    await waitFor(() => expect(withdrawals.saveRiskUrl).toHaveBeenCalledWith('https://risk.example'), WAIT);
    await waitFor(() => expect(screen.getByTestId('risk-url').textContent).toBe('https://risk.example/'), WAIT);
    expect(success).toHaveBeenCalledWith('Successfully saved');
    expect(system.saveCallbackUrl).not.toHaveBeenCalled();
  });

  it('clears the address only after Sure', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderCard([8, 804, 80403], 'https://risk.example/');
    fireEvent.click(screen.getByTestId('risk-url-edit'));
    const input = await screen.findByTestId('risk-url-input', undefined, WAIT);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('risk-url-submit'));
    expect((await screen.findAllByText('Clear the risk-control address?', undefined, WAIT)).length).toBeGreaterThan(0);
    await settle(200);
    expect(withdrawals.saveRiskUrl).not.toHaveBeenCalled();
    const sure = await screen.findAllByTestId('risk-clear-sure', undefined, WAIT);
    fireEvent.click(sure[sure.length - 1]);
    await waitFor(() => expect(withdrawals.saveRiskUrl).toHaveBeenCalledWith(''), WAIT);
    await waitFor(() => expect(screen.getByTestId('risk-url-unset')).toBeTruthy(), WAIT);
    expect(success).toHaveBeenCalledWith('Risk-control address cleared');
  });
});
