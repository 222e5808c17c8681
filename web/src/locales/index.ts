import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en/translation';
import { STORAGE_KEYS, storage } from '@/utils/storage';

export type { Translation, TranslationKey } from './types';

export const LANGUAGES = ['en', 'zh-CN', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Names shown in the language menus, each in its own language. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
};

const SERVER_LOCALES: Record<Language, string> = { en: 'en_US', 'zh-CN': 'zh_CN', 'zh-HK': 'zh_HK' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The accept-language value the server expects for a UI language (en is the fallback). */
export function toServerLocale(lang: string | undefined): string {
  return isLanguage(lang) ? SERVER_LOCALES[lang] : SERVER_LOCALES.en;
}

/** Stored choice first, then the browser's language, then English. */
export function initialLanguage(): Language {
  const stored = storage.read(STORAGE_KEYS.lang);
  if (isLanguage(stored)) return stored;
  const browser = (typeof navigator !== 'undefined' ? navigator.language : '').toLowerCase();
  if (/^zh-(hk|tw|mo)|^zh-hant/.test(browser)) return 'zh-HK';
  if (browser.startsWith('zh')) return 'zh-CN';
  return 'en';
}

// English (the fallback) is bundled; the Chinese texts are chunks loaded when chosen, so the login page
// does not download three languages (docs/console.md, "Bundle budget"). main.tsx waits for the
// chosen language before the first render; changeLanguage waits for it before switching.
const LAZY_LANGUAGES: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceKey }>> = {
  'zh-CN': () => import('./zh-CN/translation'),
  'zh-HK': () => import('./zh-HK/translation'),
};

const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang, _namespace, callback) {
    const load = isLanguage(lang) && lang !== 'en' ? LAZY_LANGUAGES[lang] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts.default),
      (error: Error) => callback(error, null),
    );
  },
};

void i18n.use(lazyLanguages).use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initImmediate: false, // English is bundled: t() works synchronously from the start
});

export function changeLanguage(lang: Language): void {
  storage.write(STORAGE_KEYS.lang, lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export default i18n;
