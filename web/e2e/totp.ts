import { createHmac } from 'node:crypto';

// RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits) for the e2e tests, from the base32 secret the
// personal centre shows: what an authenticator app computes.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP of RFC 4226 over a raw key. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const TOTP_STEP_SECONDS = 30;

export const totpCounter = (timeMs: number = Date.now()): number => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);

export function totp(secretBase32: string, timeMs: number = Date.now(), digits = 6): string {
  return hotp(base32Decode(secretBase32), totpCounter(timeMs), digits);
}

/**
 * A code of a time step later than `afterCounter` (the server accepts each code once), waiting
 * for the next step when needed. Also waits when fewer than 3 s are left in the step, so the code
 * does not expire between typing and the server's check.
 */
export async function freshTotp(secretBase32: string, afterCounter: number | null): Promise<{ code: string; counter: number }> {
  for (;;) {
    const now = Date.now();
    const counter = totpCounter(now);
    const leftMs = (counter + 1) * TOTP_STEP_SECONDS * 1000 - now;
    if ((afterCounter === null || counter > afterCounter) && leftMs > 3000) {
      return { code: totp(secretBase32, now), counter };
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(leftMs + 200, 31_000)));
  }
}
