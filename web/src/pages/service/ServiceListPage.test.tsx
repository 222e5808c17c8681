import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/locales';
import * as ratesModule from '@/api/rates';
import ServiceListPage from './ServiceListPage';

vi.mock('@/api/rates', async (original) => ({ ...(await original<typeof ratesModule>()), listRates: vi.fn() }));
const api = vi.mocked(ratesModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const OPEN = {
  id: 6, service: 2, chargeMode: 1, percent: '0.5', fixed: '0', min: '0.1', max: '10', payMode: 2,
  validFrom: '2026-11-20T16:30:00Z', validTo: null, status: 1, createTime: '2026-11-20T16:30:00Z',
} as const;
const CLOSED = { ...OPEN, id: 2, chargeMode: 2, percent: '0', fixed: '0', min: null, max: null, payMode: 1, validFrom: '2026-11-01T00:00:00Z', validTo: '2026-11-20T16:30:00Z', status: 2 } as const;

describe('Service list › Rates', () => {
  beforeEach(() => api.listRates.mockReset());

  it('says the provider sets rates when the merchant has none', async () => {
    api.listRates.mockResolvedValue([]);
    render(<ServiceListPage />);
    expect(await screen.findByText(/The service provider sets them/, undefined, WAIT)).toBeTruthy();
    expect(screen.getByTestId('service-tab-rates').textContent).toContain('Rates');
  });

  it('shows each row in the merchant zone, an open row without an end, and its status', async () => {
    api.listRates.mockResolvedValue([OPEN, CLOSED]);
    render(<ServiceListPage />);
    const open = within(await screen.findByTestId('rate-row-6', undefined, WAIT));
    expect(open.getByTestId('rate-from').textContent).toContain('2026-11-21 00:30:00');
    expect(open.getByTestId('rate-to').textContent).toContain('—');
    expect(open.getByTestId('rate-status').textContent).toContain('Effective');
    const closed = within(screen.getByTestId('rate-row-2'));
    expect(closed.getByTestId('rate-to').textContent).toContain('2026-11-21 00:30:00');
    expect(closed.getByTestId('rate-status').textContent).toContain('Expired');
    expect(closed.getByTestId('rate-text').textContent).toContain('0.0000 USDT points per transaction');
  });
});
