import { execFileSync } from 'node:child_process';
import { createHash, createSign, createVerify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as example from './signingExample';

// The worked example on the API detail screen is the one of docs/merchant-api.md: every text is
// read back from the doc, and the cryptography is redone so the values are right, not just equal.

const DOC_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/merchant-api.md');
const doc = readFileSync(DOC_PATH, 'utf8');
const worked = doc.slice(doc.indexOf('### A worked example'), doc.indexOf('## Calls'));
/** The doc indents the blocks inside its list; compare without the indentation. */
const unindented = worked
  .split('\n')
  .map((line) => line.trim())
  .join('\n');

const dir = mkdtempSync(path.join(tmpdir(), 'coffer-signing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bash = (script: string, env: Record<string, string> = {}) =>
  execFileSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });

describe('the worked signing example', () => {
  it('is the doc’s, text for text', () => {
    expect(worked.length).toBeGreaterThan(1000);
    for (const text of [
      example.SAMPLE_PRIVATE_KEY,
      example.SAMPLE_PUBLIC_KEY,
      example.OPENSSL_SCRIPT,
      example.OPENSSL_VERIFY,
      example.OPENSSL_BASE_LINE,
      example.EXAMPLE_SIGNATURE,
      example.EXAMPLE_BODY_SHA256,
      `body \`${example.EXAMPLE_BODY}\``,
      `\`${example.EXAMPLE_METHOD} ${example.EXAMPLE_PATH}\``,
      `timestamp \`${example.EXAMPLE_TIMESTAMP}\``,
      `\`${example.EXAMPLE_NONCE}\``,
    ]) {
      expect(worked).toContain(text);
    }
    expect(unindented).toContain(`\`\`\`\n${example.EXAMPLE_CANONICAL}\n\`\`\``);
    expect(example.EXAMPLE_CANONICAL.split('\n')).toHaveLength(5);
    expect(doc).toContain(example.EMPTY_BODY_SHA256);
  });

  it('holds up: body hash, signature and verification by node:crypto', () => {
    expect(Buffer.byteLength(example.EXAMPLE_BODY)).toBe(35);
    expect(createHash('sha256').update(example.EXAMPLE_BODY).digest('hex')).toBe(example.EXAMPLE_BODY_SHA256);
    expect(createHash('sha256').update('').digest('hex')).toBe(example.EMPTY_BODY_SHA256);
    const signature = createSign('RSA-SHA256').update(example.EXAMPLE_CANONICAL).sign(example.SAMPLE_PRIVATE_KEY, 'base64');
    expect(signature).toBe(example.EXAMPLE_SIGNATURE);
    expect(createVerify('RSA-SHA256').update(example.EXAMPLE_CANONICAL).verify(example.SAMPLE_PUBLIC_KEY, signature, 'base64')).toBe(true);
  });

  it('holds up with openssl: the script (without curl) prints the signature, the check says Verified OK', () => {
    writeFileSync(path.join(dir, 'sample.key'), `${example.SAMPLE_PRIVATE_KEY}\n`);
    writeFileSync(path.join(dir, 'merchant.pub'), `${example.SAMPLE_PUBLIC_KEY}\n`);
    const signing = example.OPENSSL_SCRIPT.slice(0, example.OPENSSL_SCRIPT.indexOf('curl '));
    const signature = bash(`${signing}\nprintf '%s' "$SIGNATURE"`).trim();
    expect(signature).toBe(example.EXAMPLE_SIGNATURE);
    expect(readFileSync(path.join(dir, 'canonical.txt'), 'utf8')).toBe(example.EXAMPLE_CANONICAL);
    expect(bash(example.OPENSSL_VERIFY, { SIGNATURE: signature })).toContain('Verified OK');
  });
});
