import { describe, expect, it } from 'vitest';
import i18n from '@/locales';
import { failureReason, formatLogValue } from './logColumns';

describe('log values', () => {
  it('indents JSON text and objects, keeps plain text, dashes empty values', () => {
    expect(formatLogValue('{"name":"Clerks","menuIds":[7]}')).toBe('{\n  "name": "Clerks",\n  "menuIds": [\n    7\n  ]\n}');
    expect(formatLogValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatLogValue('plain words')).toBe('plain words');
    expect(formatLogValue('{broken')).toBe('{broken');
    expect(formatLogValue('')).toBe('—');
    expect(formatLogValue(null)).toBe('—');
  });

  it('names the failure reasons and shows unknown ones as sent', async () => {
    await i18n.changeLanguage('en');
    expect(failureReason('bad_password', i18n.t)).toBe('Wrong password');
    expect(failureReason('pending', i18n.t)).toBe('Awaiting activation');
    expect(failureReason('google_locked', i18n.t)).toBe('Authenticator paused');
    expect(failureReason('something_new', i18n.t)).toBe('something_new');
    expect(failureReason('', i18n.t)).toBe('—');
  });
});
