// Password policy of spec section 5: at least 8 characters with an uppercase letter,
// a lowercase letter and a digit. The server enforces the same rule (docs/api.md).

export const PASSWORD_MIN_LENGTH = 8;

/** The four live indicators password_rule1..4, in order. */
export const PASSWORD_RULES = [
  { key: 'password_rule1', test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { key: 'password_rule2', test: (value: string) => /[A-Z]/.test(value) },
  { key: 'password_rule3', test: (value: string) => /[a-z]/.test(value) },
  { key: 'password_rule4', test: (value: string) => /\d/.test(value) },
] as const;

export function passwordRuleStates(value: string): boolean[] {
  return PASSWORD_RULES.map((rule) => rule.test(value ?? ''));
}

export function isValidPassword(value: string | null | undefined): boolean {
  return typeof value === 'string' && passwordRuleStates(value).every(Boolean);
}

/** E-mail format of spec section 5: local part of letters, digits, dot, underscore, hyphen. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string | null | undefined): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

/** A verification code: exactly 6 digits once trimmed. */
export function isSixDigitCode(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\d{6}$/.test(value.trim());
}
