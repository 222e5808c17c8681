import { IP_LIMIT } from '@/pages/account/ipRules';
import { ApiError } from '@/utils/request';

// Pure rules of the System screens (menu 8), mirroring docs/api.md "System: keys and access".

/** The callback address holds at most this many characters (the server's limit). */
export const CALLBACK_URL_MAX = 512;
/** Whitelist entries per merchant. */
export const WHITELIST_LIMIT = IP_LIMIT;
export const BLACKLIST_REMARK_MAX = 100;

/**
 * The server's rule for a callback address, client side: an http:// or https:// URL with a host,
 * no user or password, no #fragment, no spaces, at most 512 characters (as typed and as
 * normalised). The server parses with the same WHATWG rules and has the last word.
 */
export function isCallbackUrl(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  if (!text || [...text].length > CALLBACK_URL_MAX) return false;
  if (/[\s\u0000-\u001f\u007f]/.test(text) || text.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    [...url.href].length <= CALLBACK_URL_MAX
  );
}

/** The key id followed by a mask: what the card shows instead of the secret. */
export const maskedKey = (keyId: string): string => `${keyId}_${'•'.repeat(16)}`;

/** File name of the platform public key download. */
export const platformPemFileName = (keyId: string): string => `coffer-platform-${keyId}.pem`;

/** Groups a hex fingerprint in fours for reading ("677c 6915 …"). */
export const groupFingerprint = (hex: string): string => (hex.match(/.{1,4}/g) ?? []).join(' ');

/** The message of a refused call (the server's `msg`, in the UI language), or null. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.message ? error.message : null;
}

/** Non-blank rows of the whitelist editor, trimmed, in order. */
export const whitelistEntries = (rows: readonly (string | null | undefined)[]): string[] =>
  rows.map((row) => (row ?? '').trim()).filter(Boolean);

/** Copies text to the clipboard: the async API where allowed, else a hidden text area. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* not allowed here (insecure origin, no permission): fall back below */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}
