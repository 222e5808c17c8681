import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AxiosAdapter, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { eventBus, EVENTS } from './eventBus';
import { toast } from './feedback';
import { loading } from './loading';
import { peekLoginNotice, registerNavigator, setLoginNotice } from './navigation';
import { ApiError, REQUEST_TIMEOUT_MS, get, httpClient, post } from './request';
import { STORAGE_KEYS } from './storage';

let http: AxiosInstance;
let originalAdapter: AxiosInstance['defaults']['adapter'];

beforeAll(async () => {
  http = await httpClient();
  originalAdapter = http.defaults.adapter;
});

/** Answers every call with `status` and `body`, and records the config axios sent. */
function answer(body: unknown, status = 200) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    return { data: body, status, statusText: String(status), headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
}

let toastError: ReturnType<typeof vi.spyOn>;
let toastWarning: ReturnType<typeof vi.spyOn>;
let navigate: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  toastWarning = vi.spyOn(toast, 'warning').mockImplementation(() => undefined);
  navigate = vi.fn();
  registerNavigator(navigate);
  loading.reset();
});

afterEach(() => {
  http.defaults.adapter = originalAdapter;
  http.defaults.timeout = REQUEST_TIMEOUT_MS;
  registerNavigator(null);
});

describe('request headers and body', () => {
  it('sends content-type, a millisecond timestamp and the mapped accept-language', async () => {
    const calls = answer({ code: 1, msg: 'Success', data: null });
    const before = Date.now();
    await post('/api/x');
    const headers = calls[0].headers;
    expect(headers.get('content-type')).toBe('application/json');
    const stamp = Number(headers.get('timestamp'));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(headers.get('accept-language')).toBe('en_US');
  });

  it.each([
    ['en', 'en_US'],
    ['zh-CN', 'zh_CN'],
    ['zh-HK', 'zh_HK'],
  ])('maps UI language %s to accept-language %s', async (lang, expected) => {
    const calls = answer({ code: 1, msg: '', data: null });
    await i18n.changeLanguage(lang);
    await post('/api/x');
    expect(calls[0].headers.get('accept-language')).toBe(expected);
  });

  it('adds sessionCode only when a token is stored', async () => {
    const calls = answer({ code: 1, msg: '', data: null });
    await post('/api/x');
    expect(calls[0].headers.has('sessionCode')).toBe(false);
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok-42');
    await post('/api/x');
    expect(calls[1].headers.get('sessionCode')).toBe('tok-42');
  });

  it('sends {} when a POST has no data, the data otherwise, and no body on GET', async () => {
    const calls = answer({ code: 1, msg: '', data: null });
    await post('/api/empty');
    await post('/api/full', { email: 'a@b.co' });
    await get('/common/configKey/siteName');
    expect(calls[0].method).toBe('post');
    expect(calls[0].data).toBe('{}');
    expect(JSON.parse(calls[1].data)).toEqual({ email: 'a@b.co' });
    expect(calls[2].method).toBe('get');
    expect(calls[2].data).toBeUndefined();
  });

  it('uses a 20000 ms timeout', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(20000);
    expect(http.defaults.timeout).toBe(20000);
  });
});

describe('envelope handling', () => {
  it('resolves data on code 1 without any toast', async () => {
    answer({ code: 1, msg: 'Success', data: { n: 7 } });
    await expect(post('/api/x')).resolves.toEqual({ n: 7 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it.each([10506, 10512])('code %i signs out: warning, Login_Expired, storage cleared, /login', async (code) => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.session, '{"id":1}');
    window.localStorage.setItem(STORAGE_KEYS.tabs, '["/home"]');
    window.localStorage.setItem(STORAGE_KEYS.lang, 'zh-HK');
    setLoginNotice(null);
    const expired = vi.fn();
    const off = eventBus.on(EVENTS.loginExpired, expired);
    answer({ code, msg: 'Session gone', data: null });

    const error = await post('/api/x', undefined, { silent: true }).catch((e: unknown) => e);

    off();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    expect(toastWarning).toHaveBeenCalledTimes(1); // even for silent calls
    expect(toastWarning).toHaveBeenCalledWith('Login authorization expired'); // not the server's msg
    expect(toastError).not.toHaveBeenCalled();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.tabs)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('zh-HK'); // a preference, not session data
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { notice: 'login_expired' } });
    expect(peekLoginNotice()).toBe('login_expired'); // survives a guard redirect that drops router state
  });

  it.each([
    ['zh-CN', '登录授权已过期'],
    ['zh-HK', '登入授權已過期'],
  ])('the expiry warning is in the console language (%s), whatever the server wrote', async (lang, text) => {
    await i18n.changeLanguage(lang);
    answer({ code: 10506, msg: 'Please sign in', data: null });
    await post('/api/x').catch(() => undefined);
    expect(toastWarning).toHaveBeenCalledWith(text);
  });

  it('falls back to the hash when no router is registered yet', async () => {
    registerNavigator(null);
    window.location.hash = '#/orders/deposit';
    answer({ code: 10506, msg: '', data: null });
    await post('/api/x').catch(() => undefined);
    expect(window.location.hash).toBe('#/login');
    expect(toastWarning).toHaveBeenCalledWith('Login authorization expired');
  });

  it('shows msg as an error toast and rejects for any other code', async () => {
    answer({ code: 11001, msg: 'Wrong e-mail or password', data: null });
    const error = await post('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(11001);
    expect((error as ApiError).message).toBe('Wrong e-mail or password');
    expect(toastError).toHaveBeenCalledWith('Wrong e-mail or password');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays quiet on a silent call but still rejects', async () => {
    answer({ code: 12001, msg: 'No key', data: null });
    await expect(post('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: 12001 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it("shows 'network error' for a non-200 status", async () => {
    answer({ status: 'unavailable' }, 503);
    await expect(post('/api/x')).rejects.toMatchObject({ code: 0, message: 'network error' });
    expect(toastError).toHaveBeenCalledWith('network error');
  });

  it("treats a 200 without the envelope as 'network error'", async () => {
    answer('<html>proxy page</html>', 200);
    await expect(post('/api/x')).rejects.toMatchObject({ message: 'network error' });
  });
});

describe('loading indicator', () => {
  it('is shown during a loading call and cleared after success', async () => {
    let seen = false;
    http.defaults.adapter = async (config) => {
      seen = loading.isActive();
      return { data: { code: 1, msg: '', data: 1 }, status: 200, statusText: 'OK', headers: {}, config };
    };
    await post('/api/x', undefined, { loading: true });
    expect(seen).toBe(true);
    expect(loading.isActive()).toBe(false);
  });

  it('is cleared after business errors and session expiry', async () => {
    answer({ code: 11002, msg: 'Bad code', data: null });
    await post('/api/x', undefined, { loading: true }).catch(() => undefined);
    expect(loading.isActive()).toBe(false);
    answer({ code: 10512, msg: 'Expired', data: null });
    await post('/api/x', undefined, { loading: true }).catch(() => undefined);
    expect(loading.isActive()).toBe(false);
  });

  it('shows the transport error message and clears the indicator', async () => {
    http.defaults.adapter = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:9');
    };
    await expect(post('/api/x', undefined, { loading: true })).rejects.toMatchObject({
      message: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    expect(toastError).toHaveBeenCalledWith('connect ECONNREFUSED 127.0.0.1:9');
    expect(loading.isActive()).toBe(false);
  });
});

describe('timeout against a real slow server', () => {
  let server: Server;
  let base: string;

  beforeEach(async () => {
    server = createServer((_req, res) => {
      setTimeout(() => res.end('{"code":1,"msg":"","data":null}'), 1000); // slower than the timeout below
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('rejects with the timeout message, toasts it and clears the indicator', async () => {
    http.defaults.adapter = 'http';
    http.defaults.timeout = 100; // the real value (20 s) is asserted above; waiting for it here is pointless
    const error = await post(`${base}/api/slow`, undefined, { loading: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('timeout of 100ms exceeded');
    expect(toastError).toHaveBeenCalledWith('timeout of 100ms exceeded');
    expect(loading.isActive()).toBe(false);
  });
});
