// Code shown on the API detail screen besides the doc's worked example (./signingExample.ts).
// snippets.test.ts runs the openssl commands and the signing/verifying lines against real keys.

/** Placeholder of the platform public key in the snippets until it is known. */
export const PUBLIC_KEY_PLACEHOLDER = '-----BEGIN PUBLIC KEY-----\n(System > API key: platform public key)\n-----END PUBLIC KEY-----';

/** Node 18+ (ESM): sign and send merchant API calls. `base` is the service origin. */
export function nodeSignSnippet(base: string): string {
  return String.raw`// sign.mjs (Node 18+): node sign.mjs
import { createHash, createSign, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const BASE = '%BASE%';
const API_KEY = process.env.COFFER_API_KEY;              // System > API key
const PRIVATE_KEY = readFileSync('merchant.key', 'utf8');  // its public key is uploaded

async function call(method, path, payload) {
  const body = payload === undefined ? '' : JSON.stringify(payload); // sign exactly the bytes sent
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const bodySha256 = createHash('sha256').update(body).digest('hex');
  const canonical = [method, path, timestamp, nonce, bodySha256].join('\n');
  const signature = createSign('RSA-SHA256').update(canonical).sign(PRIVATE_KEY, 'base64');
  const response = await fetch(BASE + path, {
    method,
    headers: {
      'content-type': 'application/json',
      'X-Api-Key': API_KEY,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': signature,
    },
    body: method === 'GET' ? undefined : body,
  });
  return response.json(); // { code, msg, data }: code 1 is success
}

console.log(await call('GET', '/merchant/v1/ping'));
console.log(await call('POST', '/merchant/v1/address', { chainId: 1337, openId: 'user-42' }));`.replace('%BASE%', base);
}

/** The callback headers, in the order the screen lists them (docs/api.md "Callbacks to the merchant"). */
export const CALLBACK_HEADERS = [
  { name: 'X-Coffer-Event-Id', key: 'api_detail_cb_event_id' },
  { name: 'X-Coffer-Timestamp', key: 'api_detail_cb_timestamp' },
  { name: 'X-Coffer-Key-Id', key: 'api_detail_cb_key_id' },
  { name: 'X-Coffer-Signature', key: 'api_detail_cb_signature' },
] as const;

/** What the platform key signs. */
export const CALLBACK_SIGNING_STRING = 'TIMESTAMP + "\\n" + BODY';

/**
 * openssl: check one callback. platform.pem holds the platform public key, body.json the raw body
 * exactly as received, TS and SIG the X-Coffer-Timestamp and X-Coffer-Signature headers.
 */
export const OPENSSL_CALLBACK_VERIFY = String.raw`printf '%s\n' "$TS" > message.txt && cat body.json >> message.txt
openssl base64 -d -A <<< "$SIG" > sig.bin
openssl dgst -sha256 -verify platform.pem -signature sig.bin message.txt    # prints: Verified OK`;

/** Node: a receiver that checks the signature before trusting a callback, then answers code 0. */
export function nodeVerifySnippet(publicKey: string): string {
  return String.raw`// receiver.mjs (Node 18+)
import { createServer } from 'node:http';
import { createVerify } from 'node:crypto';

const PLATFORM_PUBLIC_KEY = ` + '`' + publicKey + '`' + String.raw`;

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const rawBody = Buffer.concat(chunks).toString('utf8'); // verify the raw bytes, not re-serialised JSON
    const timestamp = req.headers['x-coffer-timestamp'];
    const signature = req.headers['x-coffer-signature'] ?? '';
    const valid = createVerify('RSA-SHA256')
      .update(timestamp + '\n' + rawBody)
      .verify(PLATFORM_PUBLIC_KEY, signature, 'base64');
    if (!valid) return res.writeHead(401).end();
    const event = JSON.parse(rawBody); // de-duplicate on event.eventId (= X-Coffer-Event-Id)
    // ... record event.event ('deposit.confirmed': credit event.amount event.symbol to event.openId)
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
  });
}).listen(8000);`;
}
