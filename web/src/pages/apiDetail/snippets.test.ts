import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRIVATE_KEY, SAMPLE_PUBLIC_KEY } from './signingExample';
import { OPENSSL_CALLBACK_VERIFY, PUBLIC_KEY_PLACEHOLDER, nodeSignSnippet, nodeVerifySnippet } from './snippets';

// The code the screen shows is run here: the Node signer against a server that checks like
// Coffer, the openssl callback check and the Node receiver against a signed callback.

const dir = mkdtempSync(path.join(tmpdir(), 'coffer-snippets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PLATFORM_PEM = platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const BODY = '{"eventId":"evt_1","event":"deposit.confirmed","orderNo":"D1","amount":"25.5"}';
const TS = '1795334400123';
const sign = (message: string) => createSign('RSA-SHA256').update(message).sign(platform.privateKey, 'base64');

describe('the Node signing snippet', () => {
  it('sends calls Coffer would accept', async () => {
    const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; valid: boolean }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const h = req.headers;
        const canonical = [req.method, req.url, h['x-timestamp'], h['x-nonce'], createHash('sha256').update(body).digest('hex')].join('\n');
        const valid = createVerify('RSA-SHA256').update(canonical).verify(SAMPLE_PUBLIC_KEY, String(h['x-signature']), 'base64');
        seen.push({ method: req.method!, url: req.url!, headers: h, valid });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: valid ? 1 : 13002, msg: '', data: null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      writeFileSync(path.join(dir, 'merchant.key'), SAMPLE_PRIVATE_KEY);
      writeFileSync(path.join(dir, 'sign.mjs'), nodeSignSnippet(base));
      const out = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['sign.mjs'], { cwd: dir, env: { ...process.env, COFFER_API_KEY: 'ck_0123456789abcdef_test' } }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        ),
      );
      expect(out).toContain('code: 1');
      expect(seen.map((call) => [call.method, call.url, call.valid])).toEqual([
        ['GET', '/merchant/v1/ping', true],
        ['POST', '/merchant/v1/address', true],
      ]);
      expect(seen[1].headers['x-api-key']).toBe('ck_0123456789abcdef_test');
      expect(seen[1].headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      server.close();
    }
  });
});

describe('checking a callback', () => {
  it('with openssl: Verified OK for the right bytes, a failure for others', () => {
    writeFileSync(path.join(dir, 'platform.pem'), PLATFORM_PEM);
    writeFileSync(path.join(dir, 'body.json'), BODY);
    const run = (sig: string) => execFileSync('bash', ['-c', `{\n${OPENSSL_CALLBACK_VERIFY}\n} 2>&1; true`], { cwd: dir, encoding: 'utf8', env: { ...process.env, TS, SIG: sig } });
    expect(run(sign(`${TS}\n${BODY}`))).toContain('Verified OK');
    expect(run(sign(`${TS}\n${BODY} `))).toContain('Verification failure');
  });

  it('with the Node receiver: code 0 for a signed callback, 401 otherwise', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const source = nodeVerifySnippet(PLATFORM_PEM.trim()).replace('.listen(8000)', `.listen(${port}, '127.0.0.1')`);
    expect(source).not.toBe(nodeVerifySnippet(PLATFORM_PEM.trim()));
    expect(nodeVerifySnippet(PUBLIC_KEY_PLACEHOLDER)).toContain('(System > API key: platform public key)');
    writeFileSync(path.join(dir, 'receiver.mjs'), source);
    const child = spawn(process.execPath, ['receiver.mjs'], { cwd: dir, stdio: 'ignore' });
    try {
      const post = async (signature: string) => {
        for (let i = 0; ; i += 1) {
          try {
            const response = await fetch(`http://127.0.0.1:${port}/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'X-Coffer-Timestamp': TS, 'X-Coffer-Signature': signature, 'X-Coffer-Event-Id': 'evt_1' },
              body: BODY,
            });
            return { status: response.status, text: await response.text() };
          } catch (error) {
            if (i > 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100)); // still starting
          }
        }
      };
      expect(await post(sign(`${TS}\n${BODY}`))).toEqual({ status: 200, text: '{"code":0}' });
      expect((await post(sign(`${TS}\n{}`))).status).toBe(401);
    } finally {
      child.kill();
    }
  });
});
