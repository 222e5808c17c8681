import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import * as configModule from '@/api/config';
import * as energyModule from '@/api/energy';
import type { EnergyProfile, SmartCollection, SmartSaving } from '@/api/energy';
import EnergyPage from './EnergyPage';

// Token › Energy's smart-collection switches (setCollect, setEnergyPay, setTrxCollect), with the
// server mocked.

vi.mock('@/api/energy', async (original) => ({
  ...(await original<typeof energyModule>()),
  pageEnergyOrders: vi.fn(),
  energyProfile: vi.fn(),
  setSmartSwitch: vi.fn(),
}));
const api = vi.mocked(energyModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const TOKEN_MENU = 2;
const ENERGY = 203;
const ENERGY_SMART = 20302;
const TRON = 728126428;
const CHAINS = [{ chainid: TRON, chainname: 'TRON', symbol: 'TRX', txurl: '', family: 'tron', tokens: [] }];

const ALL_OFF: SmartCollection = { energyCollect: false, energyPay: false, trxCollect: false, updatedAt: null };

/** No collection ran on energy in the last 30 days. */
const NO_SAVING: SmartSaving = { days: 30, collections: 0, energy: 0, burnFee: '0', feePaid: '0', energyPoints: '0', saved: '0' };

const profile = (smartCollection: SmartCollection, smartSaving: SmartSaving = NO_SAVING): EnergyProfile => ({
  trxPoints: { available: '10', held: '0' },
  ordersInProgress: 0,
  usesThisMonth: 0,
  energyThisMonth: 0,
  burnSavedThisMonth: null,
  energyPrice: null,
  priceReadAt: null,
  smartCollection,
  smartSaving,
});

async function openPage(menuIds: number[] = [TOKEN_MENU, ENERGY, ENERGY_SMART]) {
  renderSignedIn(menuIds, <EnergyPage />, { bindGoogle: true });
  await screen.findByTestId('energy-smart-row-trxCollect', undefined, WAIT);
}

const switchOf = (name: string) => screen.getByTestId(`energy-smart-${name}`);
const isOn = (name: string) => switchOf(name).getAttribute('aria-checked') === 'true';

/** Clicks the switch and sends the code in the dialog. */
async function turnWithCode(name: string) {
  fireEvent.click(switchOf(name));
  const code = await screen.findByTestId('pass-google-code', undefined, WAIT);
  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('energy-smart-sure'));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig(CHAINS));
  api.energyProfile.mockReset().mockResolvedValue(profile(ALL_OFF));
  api.pageEnergyOrders.mockReset().mockResolvedValue({ list: [], total: 0 });
  api.setSmartSwitch.mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
  signOutAndRestore();
});

describe('Token › Energy: smart collection', () => {
  it('shows the three switches as the profile has them, each saying what it does', async () => {
    api.energyProfile.mockResolvedValue(profile({ ...ALL_OFF, trxCollect: true }));
    await openPage();
    await waitFor(() => expect(isOn('trxCollect')).toBe(true), WAIT);
    expect([isOn('energyCollect'), isOn('energyPay')]).toEqual([false, false]);
    const collect = screen.getByTestId('energy-smart-row-energyCollect');
    expect(within(collect).getByText('Collect with energy')).toBeTruthy();
    expect(within(collect).getByText(/delegated to the deposit address before its sweep and taken back after/)).toBeTruthy();
    expect(within(screen.getByTestId('energy-smart-row-energyPay')).getByText(/paid with TRX points/)).toBeTruthy();
    expect(within(screen.getByTestId('energy-smart-row-trxCollect')).getByText(/the TRX left in it/)).toBeTruthy();
    expect(screen.queryByTestId('energy-smart-burn-warning')).toBeNull();
  });

  it('turns setCollect on with the Google code: the call, "opened", the switch on and the burn warning', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.setSmartSwitch.mockResolvedValue({ ...ALL_OFF, energyCollect: true, updatedAt: '2026-11-29T08:00:00Z' });
    await openPage();
    await turnWithCode('energyCollect');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully opened'), WAIT);
    expect(api.setSmartSwitch).toHaveBeenCalledWith('energyCollect', { enabled: true, googleCode: '123456' });
    expect(isOn('energyCollect')).toBe(true);
    expect(screen.getByTestId('energy-smart-burn-warning').textContent).toContain('Collections still burn TRX until energy is paid with TRX points');

    // Paid with TRX points too: no warning.
    api.setSmartSwitch.mockResolvedValue({ ...ALL_OFF, energyCollect: true, energyPay: true, updatedAt: '2026-11-29T08:01:00Z' });
    await turnWithCode('energyPay');
    await waitFor(() => expect(isOn('energyPay')).toBe(true), WAIT);
    expect(screen.queryByTestId('energy-smart-burn-warning')).toBeNull();
  });

  it('turns a switch off with "closed"', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.energyProfile.mockResolvedValue(profile({ ...ALL_OFF, trxCollect: true }));
    api.setSmartSwitch.mockResolvedValue(ALL_OFF);
    await openPage();
    await waitFor(() => expect(isOn('trxCollect')).toBe(true), WAIT);
    await turnWithCode('trxCollect');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully closed'), WAIT);
    expect(api.setSmartSwitch).toHaveBeenCalledWith('trxCollect', { enabled: false, googleCode: '123456' });
    expect(isOn('trxCollect')).toBe(false);
  });

  it('reverts the switch when the server refuses and when the dialog is cancelled', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.setSmartSwitch.mockRejectedValue(new ApiError(11002, 'Incorrect Google verification code'));
    await openPage();
    fireEvent.click(switchOf('energyPay'));
    await screen.findByTestId('pass-google-code', undefined, WAIT);
    expect(isOn('energyPay')).toBe(true); // shown while the code is asked
    await turnWithCodeInOpenDialog();
    await waitFor(() => expect(api.setSmartSwitch).toHaveBeenCalledTimes(1), WAIT);
    await waitFor(() => expect(isOn('energyPay')).toBe(false), WAIT);
    expect(screen.getByTestId('pass-google-code')).toBeTruthy(); // the dialog stays for another code
    fireEvent.click(screen.getByTestId('energy-smart-cancel'));
    expect(isOn('energyPay')).toBe(false);
    expect(success).not.toHaveBeenCalled();
    expect(screen.queryByTestId('energy-smart-burn-warning')).toBeNull();
  });

  it('disables the switches with a tooltip for a role without 20302', async () => {
    api.energyProfile.mockResolvedValue(profile({ ...ALL_OFF, energyCollect: true }));
    await openPage([TOKEN_MENU, ENERGY]);
    await waitFor(() => expect(isOn('energyCollect')).toBe(true), WAIT);
    for (const name of ['energyCollect', 'energyPay', 'trxCollect']) {
      expect((switchOf(name) as HTMLButtonElement).disabled).toBe(true);
    }
    // The warning is for every reader.
    expect(screen.getByTestId('energy-smart-burn-warning')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByTestId('energy-smart-locked-energyPay'));
    expect(await screen.findByText('Your role cannot change smart collection.', undefined, WAIT)).toBeTruthy();
    fireEvent.click(switchOf('energyPay'));
    expect(screen.queryByTestId('pass-google-code')).toBeNull();
  });
});

describe('Token › Energy: what smart collection saved', () => {
  const ON: SmartCollection = { energyCollect: true, energyPay: true, trxCollect: false, updatedAt: '2026-11-29T08:00:00Z' };
  const shown = (testId: string) => screen.getByTestId(testId).textContent;

  it('says plainly that no collection ran on energy, instead of zeros', async () => {
    await openPage();
    expect(shown('energy-saving-title')).toBe('What it saved, last 30 days');
    expect(shown('energy-saving-none')).toBe('No collection ran on energy in the last 30 days.');
    expect(screen.queryByTestId('energy-saving')).toBeNull();
    expect(screen.queryByTestId('energy-saving-saved')).toBeNull();
  });

  it('shows the collections, their energy, the burn, what was paid and the saving with its share of the burn', async () => {
    api.energyProfile.mockResolvedValue(
      profile(ON, { days: 30, collections: 12, energy: 1563420, burnFee: '156.342', feePaid: '13.2', energyPoints: '18', saved: '125.142' }),
    );
    await openPage();
    await screen.findByTestId('energy-saving', undefined, WAIT);
    expect(screen.queryByTestId('energy-saving-none')).toBeNull();
    expect(shown('energy-saving-collections')).toBe('12');
    expect(shown('energy-saving-energy')).toBe('1,563,420');
    expect(shown('energy-saving-burn')).toBe('156.3420 TRX');
    expect(shown('energy-saving-fees')).toBe('13.2000 TRX');
    expect(shown('energy-saving-points')).toBe('18.0000 TRX points');
    const card = within(screen.getByTestId('energy-smart'));
    expect(card.getByText('Saved')).toBeTruthy();
    expect(card.queryByText('Cost more than burning')).toBeNull();
    expect(screen.getByTestId('energy-saving-saved').getAttribute('data-amount')).toBe('125.142');
    expect(shown('energy-saving-saved')).toBe('125.1420 TRX');
    expect(shown('energy-saving-percent')).toBe(' (80.0% of the burn)'); // 125.142 / 156.342, not a fixed 70%
    expect(screen.getByTestId('energy-saving-result').className).toContain('ant-typography-success');
  });

  it('words a negative saving as costing more than burning, in the error colour', async () => {
    api.energyProfile.mockResolvedValue(profile(ON, { days: 30, collections: 2, energy: 260570, burnFee: '26.057', feePaid: '2.2', energyPoints: '30', saved: '-6.143' }));
    await openPage();
    await screen.findByTestId('energy-saving', undefined, WAIT);
    const card = within(screen.getByTestId('energy-smart'));
    expect(card.getByText('Cost more than burning')).toBeTruthy();
    expect(card.queryByText('Saved')).toBeNull();
    expect(screen.getByTestId('energy-saving-saved').getAttribute('data-amount')).toBe('6.143');
    expect(shown('energy-saving-saved')).toBe('6.1430 TRX');
    expect(shown('energy-saving-percent')).toBe(' (23.5% more than the burn)');
    expect(screen.getByTestId('energy-saving-result').className).toContain('ant-typography-danger');
  });

  it('shows no share when nothing would have burnt', async () => {
    api.energyProfile.mockResolvedValue(profile(ON, { days: 30, collections: 1, energy: 0, burnFee: '0', feePaid: '0.3', energyPoints: '0', saved: '-0.3' }));
    await openPage();
    await screen.findByTestId('energy-saving', undefined, WAIT);
    expect(shown('energy-saving-saved')).toBe('0.3000 TRX');
    expect(screen.queryByTestId('energy-saving-percent')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    api.energyProfile.mockResolvedValue(profile(ON, { days: 30, collections: 2, energy: 260570, burnFee: '26.057', feePaid: '2.2', energyPoints: '30', saved: '-6.143' }));
    await openPage();
    await screen.findByTestId('energy-saving', undefined, WAIT);
    expect(within(screen.getByTestId('energy-smart')).getByText('比燃烧多花费')).toBeTruthy();
    expect(shown('energy-saving-percent')).toBe(' (比燃烧费用多 23.5%)');
  });
});

/** Sends the code in the dialog already open. */
async function turnWithCodeInOpenDialog() {
  fireEvent.change(screen.getByTestId('pass-google-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('energy-smart-sure'));
}
