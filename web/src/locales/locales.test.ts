import { describe, expect, it } from 'vitest';
import en from './en/translation';
import zhCN from './zh-CN/translation';
import zhHK from './zh-HK/translation';

describe('translations', () => {
  it.each([
    ['zh-CN', zhCN],
    ['zh-HK', zhHK],
  ])('%s has every English key, none empty', (_, table) => {
    const missing = Object.keys(en).filter((key) => !(table as Record<string, string>)[key]);
    expect(missing).toEqual([]);
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
    });
  });
});
