import { describe, expect, it } from 'vitest';
import en from './en/translation';
import zhCN from './zh-CN/translation';
import zhHK from './zh-HK/translation';

// The types make a missing or extra key a typecheck error (./types.ts); these checks hold at
// runtime too, where a spread or an `as` could hide one.

type Table = Record<string, string>;

/** Every area file of every language, by language and file name (`en` → `common` → table). */
const AREAS: Record<string, Record<string, Table>> = {};
for (const [path, module] of Object.entries(import.meta.glob<{ default: Table }>('./*/*.ts', { eager: true }))) {
  const [, lang, area] = /^\.\/([^/]+)\/([^/]+)\.ts$/.exec(path) ?? [];
  if (area === 'translation') continue;
  (AREAS[lang] ??= {})[area] = module.default;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('has one English area file per area, each key in exactly one of them', () => {
    const areas = Object.values(AREAS.en);
    expect(areas.length).toBeGreaterThan(10);
    const keys = areas.flatMap((area) => Object.keys(area));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys.sort()).toEqual(Object.keys(en).sort());
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-HK', zhHK],
  ])('%s has every English key, none empty, none extra', (lang, table) => {
    const missing = Object.keys(en).filter((key) => !(table as Table)[key]?.trim());
    const extra = Object.keys(table).filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    // Area by area: the same files, each with exactly the English file's keys.
    expect(Object.keys(AREAS[lang]).sort()).toEqual(Object.keys(AREAS.en).sort());
    for (const [area, english] of Object.entries(AREAS.en)) {
      expect({ area, keys: Object.keys(AREAS[lang][area]).sort() }).toEqual({ area, keys: Object.keys(english).sort() });
    }
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-HK', zhHK],
  ])('%s keeps the placeholders of every English message', (_, table) => {
    const differing = Object.entries(en)
      .filter(([key, text]) => placeholders(text).join() !== placeholders((table as Table)[key] ?? '').join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('leaves the key types no way around them in the console code', () => {
    // i18next 23 accepts any string as a key when a default value is given; a cast hides a typo.
    const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], { eager: true, query: '?raw', import: 'default' });
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const bypasses = Object.entries(sources).flatMap(([path, text]) =>
      [...text.matchAll(/\bt\([^()]*defaultValue|as TranslationKey\b/g)].map((match) => `${path}: ${match[0]}`),
    );
    expect(bypasses).toEqual([]);
  });

  it('keeps the exact English messages of the spec', () => {
    expect(en).toMatchObject({
      email_format_incorrect: 'Email Format Incorrect',
      password_format_error: 'Password Format Error',
      two_password_inconsistent: 'The two passwords are inconsistent',
      code_six_digits: 'Must be a 6-digit number',
      do_not_resend: 'Do Not Resend',
      input_email_address: 'Email address is empty',
      nickname_empty: 'Nickname is empty',
      title_input_code: 'Verification code cannot be empty',
      input_google_code: 'Google verification code cannot be empty',
      password_empty: 'Password cannot be empty',
      passwords_not_same: 'The two passwords are not the same',
      incorrect_password_format: 'Incorrect password format',
      dates_start_end_required: 'Dates: a start and an end must be chosen',
      modified_successfully: 'Successfully modified',
      login_expired: 'Login authorization expired',
    });
  });
});
