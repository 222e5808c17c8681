import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { call, type Envelope } from './api';
import type { Authenticator } from './withdrawals';

// The merchant API as a merchant's server calls it (docs/merchant-api.md "Signing a request"):
// an RSA key pair whose public half is uploaded, the API key, the caller's address on the
// whitelist, and every call signed.

export class MerchantApi {
  private constructor(
    private readonly baseURL: string,
    private readonly apiKey: string,
    private readonly privateKey: string,
  ) {}

  /**
   * Sets the merchant of `who` (Google bound, holding 80302, 80303 and 80501) up for the merchant
   * API: uploads a fresh RSA public key, generates the API key and whitelists 127.0.0.1 (where the
   * test server listens). Two Google codes.
   */
  static async open(baseURL: string, who: Authenticator): Promise<MerchantApi> {
    const token = who.session.sessionCode;
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const uploaded = await call(baseURL, '/api/partner/clientkey/save', { publicKey: pair.publicKey, googleCode: await who.next() }, token);
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(1);
    const key = await call<{ secret: string }>(baseURL, '/api/partner/secret/reset', { googleCode: await who.next() }, token);
    expect(key.code, JSON.stringify(key)).toBe(1);
    const allowed = await call(baseURL, '/api/partner/allowips/edit', { ips: ['127.0.0.1'] }, token);
    expect(allowed.code, JSON.stringify(allowed)).toBe(1);
    return new MerchantApi(baseURL, key.data.secret, pair.privateKey);
  }

  /** A signed POST of `body` (serialised once: the bytes signed are the bytes sent). */
  async post<T>(path: string, body: object): Promise<Envelope<T>> {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const canonical = ['POST', path, timestamp, nonce, createHash('sha256').update(raw).digest('hex')].join('\n');
    const signature = createSign('sha256').update(canonical).sign(this.privateKey, 'base64');
    const response = await fetch(`${this.baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Api-Key': this.apiKey, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
      body: raw,
    });
    return (await response.json()) as Envelope<T>;
  }
}
