import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n from '@/locales';

// antd validates forms asynchronously; on a loaded machine (two cores running the whole suite) a
// message can take longer than testing-library's default second to appear. Waiting longer never
// makes a wrong screen pass: findBy/waitFor still fail when the text never comes.
configure({ asyncUtilTimeout: 5000 });

// The console loads a Chinese language when it is chosen; tests read any language at any time.
await i18n.loadLanguages(['zh-CN', 'zh-HK']);

// jsdom lacks matchMedia, which antd's responsive helpers call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not implement pseudo-element styles; antd's modal asks for them to measure the
// scrollbar. Answer with the element's own style instead of logging "Not implemented".
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(async () => {
  cleanup(); // vitest runs without globals, so testing-library cannot register this itself
  window.localStorage.clear();
  // The home config is kept across screens; each case fetches its own. Imported here, not at the
  // top, so the store sees the case's own mock of '@/api/config'.
  (await import('@/store/homeConfig')).homeConfigStore.reset();
});

// Every form that checks an address reads the server's address rules (chain/addressRules); a
// screen test gets the server's answer for its devchain, EVM and TRON chains unless it mocks
// '@/api/chains' itself.
vi.mock('@/api/chains', async () => {
  const { SERVER_ADDRESS_RULES } = await import('./addressRules');
  return { getAddressRules: () => Promise.resolve(SERVER_ADDRESS_RULES) };
});

// Screens check that the kept home config is current (check/cache/update); a screen test answers
// "unchanged" for its fixture's version unless it mocks '@/api/cache' itself.
vi.mock('@/api/cache', () => ({ checkCacheUpdate: () => Promise.resolve({ homeConfig: '0.0' }) }));
