import { coffer } from './server';

// Node-side calls to the real server, for setting up sessions without the UI.

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Session {
  sessionCode: string;
  useremail: string;
  [key: string]: unknown;
}

export async function call<T = unknown>(baseURL: string, path: string, body: unknown = {}, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { sessionCode: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

export function outbox(dataDir: string, email: string): OutboxMail[] {
  return coffer(dataDir, ['admin', 'outbox', '--to', email, '--json'])
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as OutboxMail);
}

/** The 6-digit code of the newest mail to `email`. */
export function latestCode(dataDir: string, email: string): string {
  const mails = outbox(dataDir, email);
  const match = /\b(\d{6})\b/.exec(mails.at(-1)?.body ?? '');
  if (!match) throw new Error(`no code in the outbox for ${email}`);
  return match[1];
}

/** Signs in through the API exactly like the console does (verify, e-mail code, login). */
export async function apiSignIn(baseURL: string, dataDir: string, email: string, password: string): Promise<Session> {
  const verify = await call<number>(baseURL, '/api/partner/login/verify', { email, password });
  if (verify.code !== 1 || verify.data !== 0) throw new Error(`login/verify for ${email}: ${JSON.stringify(verify)}`);
  const sent = await call(baseURL, '/api/partner/code/email', { email, type: 2 });
  if (sent.code !== 1) throw new Error(`code/email for ${email}: ${JSON.stringify(sent)}`);
  const login = await call<Session>(baseURL, '/api/partner/login', { email, password, code: latestCode(dataDir, email) });
  if (login.code !== 1) throw new Error(`login for ${email}: ${JSON.stringify(login)}`);
  return login.data;
}

/** Registers a merchant through the API (code of type 1 from the outbox); it awaits activation. */
export async function registerMerchant(baseURL: string, dataDir: string, email: string, password: string): Promise<void> {
  const sent = await call(baseURL, '/api/partner/code/email', { email, type: 1 });
  if (sent.code !== 1) throw new Error(`code/email type 1 for ${email}: ${JSON.stringify(sent)}`);
  const code = latestCode(dataDir, email);
  const registered = await call(baseURL, '/api/partner/register', { email, code, password, passwordVerify: password });
  if (registered.code !== 1) throw new Error(`register ${email}: ${JSON.stringify(registered)}`);
}

/** E-mails of the merchants awaiting activation (`coffer admin merchant list --pending`). */
export function pendingMerchants(dataDir: string): string[] {
  return coffer(dataDir, ['admin', 'merchant', 'list', '--pending'])
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0])
    .filter(Boolean);
}
