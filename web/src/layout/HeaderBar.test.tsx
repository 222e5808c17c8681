import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { renderSignedIn, signOutAndRestore } from '@/test/session';
import HeaderBar from './HeaderBar';
import * as usePublicConfigModule from '@/hooks/usePublicConfig';

vi.mock('@/hooks/usePublicConfig');
const publicConfig = vi.mocked(usePublicConfigModule);

const renderHeader = () => renderSignedIn([1], <HeaderBar collapsed={false} onToggle={vi.fn()} fixed={false} routes={[]} />);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  publicConfig.usePublicConfig.mockReset();
});
afterEach(signOutAndRestore);

describe('header: promotional video link', () => {
  it('opens the configured video in a new tab', () => {
    publicConfig.usePublicConfig.mockReturnValue({ promoVideoUrl: 'https://videos.example/coffer-intro' });
    renderHeader();
    const link = screen.getByTestId('promo-video');
    expect(link.getAttribute('href')).toBe('https://videos.example/coffer-intro');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Intro video');
  });

  it('without a configured video (or before the configuration answered) links to the getting-started page', () => {
    publicConfig.usePublicConfig.mockReturnValue({});
    renderHeader();
    expect(screen.getByTestId('promo-video').getAttribute('href')).toBe('/getting-started');
  });
});
