import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isSixDigitCode, isValidEmail, isValidPassword } from './password';

// antd form rules for the validation messages of spec section 5, shared by the login page,
// the personal centre and the account forms. A rule with an empty value passes its format check:
// the `required` rule alone speaks for an empty field, so a user never sees two messages.

const check = (valid: (value: string) => boolean, message: string): FormRule => ({
  validator: (_, value: string | undefined) =>
    !value || !String(value).trim() || valid(String(value)) ? Promise.resolve() : Promise.reject(new Error(message)),
});

export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('input_email_address') },
    check(isValidEmail, t('email_format_incorrect')),
  ];
}

/** E-mailed or authenticator code: required, then exactly 6 digits (trimmed). */
export function codeRules(t: TFunction, emptyMessage: string = t('title_input_code')): FormRule[] {
  return [{ required: true, whitespace: true, message: emptyMessage }, check(isSixDigitCode, t('code_six_digits'))];
}

/**
 * New password. The login page speaks of 'Password Format Error'; the signed-in dialogs use
 * 'Incorrect password format' (both wordings are in the spec), hence the parameter.
 */
export function passwordRules(t: TFunction, formatMessage: string = t('password_format_error')): FormRule[] {
  return [{ required: true, message: t('password_empty') }, check(isValidPassword, formatMessage)];
}

/** Confirmation: required and equal to the field `passwordField`. */
export function confirmRules(
  t: TFunction,
  mismatchMessage: string = t('two_password_inconsistent'),
  passwordField = 'password',
): FormRule[] {
  return [
    { required: true, message: t('password_empty') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(passwordField) ? Promise.resolve() : Promise.reject(new Error(mismatchMessage)),
    }),
  ];
}

export function nicknameRules(t: TFunction): FormRule[] {
  return [{ required: true, whitespace: true, message: t('nickname_empty') }];
}
