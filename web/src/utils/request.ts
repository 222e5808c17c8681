import type { AxiosInstance, AxiosResponse, Method } from 'axios';
import i18n, { toServerLocale } from '@/locales';
import { clearSessionStorage, getToken } from './storage';
import { eventBus, EVENTS } from './eventBus';
import { toast } from './feedback';
import { loading } from './loading';
import { LOGIN_NOTICE, navigateTo, setLoginNotice } from './navigation';

/**
 * The request layer of spec sections 7 and 8.
 *
 * Every call goes through `request()`: headers (content-type, timestamp, accept-language,
 * sessionCode), `{}` as the body when there is no data, a 20 s timeout, the envelope
 * {code, msg, data} unwrapped on code 1, session expiry (10506, 10512) turned into a sign-out,
 * and one toast per failure unless the caller asked to be silent.
 */

export const REQUEST_TIMEOUT_MS = 20000;
export const CODE_SUCCESS = 1;
/** No session or an unknown one (docs/api.md: session_missing). */
export const CODE_SESSION_MISSING = 10506;
/** The session passed its idle or absolute lifetime (session_expired). */
export const CODE_SESSION_EXPIRED = 10512;
export const SESSION_EXPIRY_CODES: readonly number[] = [CODE_SESSION_MISSING, CODE_SESSION_EXPIRED];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface RequestOptions {
  /** POST (default) or GET. */
  method?: Method;
  /** Show the global loading indicator while the call runs. */
  loading?: boolean;
  /** Do not toast failures (session expiry is still handled: it always signs out). */
  silent?: boolean;
}

/** Rejection value of every failed call, so callers can branch on `code` (0 = transport). */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** HTTP code used for non-200 answers and transport failures in ApiError.code. */
export const CODE_NETWORK = 0;

// axios arrives with the first call, not with the login page (docs/console.md, "Bundle budget").
let client: Promise<AxiosInstance> | null = null;

/** The one axios instance: the envelope carries the outcome, so every HTTP status reaches our handler. */
export function httpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => {
    const http = axios.create({ timeout: REQUEST_TIMEOUT_MS, validateStatus: () => true });
    http.interceptors.request.use((config) => {
      config.headers.set('content-type', 'application/json');
      config.headers.set('timestamp', String(Date.now()));
      config.headers.set('accept-language', toServerLocale(i18n.language));
      const token = getToken();
      if (token) config.headers.set('sessionCode', token);
      else config.headers.delete('sessionCode');
      return config;
    });
    return http;
  });
  // A failed download (the network dropped) is retried by the next call instead of failing forever.
  client.catch(() => (client = null));
  return client;
}

/**
 * Sign the user out after the server said the session is gone (spec sections 4 and 8). The
 * warning is always the spec's 'Login authorization expired' in the console's language: the
 * server's text for 10506 ('Please sign in') reads like an instruction, not what happened.
 */
function expireSession(): void {
  setLoginNotice(LOGIN_NOTICE.expired);
  toast.warning(i18n.t('login_expired'));
  eventBus.emit(EVENTS.loginExpired);
  clearSessionStorage();
  navigateTo('/login', { replace: true, state: { notice: LOGIN_NOTICE.expired } });
}

export function handleResponse<T>(response: AxiosResponse<Envelope<T>>, silent: boolean): T {
  if (response.status !== 200) {
    const text = i18n.t('network_error');
    if (!silent) toast.error(text);
    throw new ApiError(CODE_NETWORK, text);
  }
  const body = response.data;
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    // A 200 without our envelope means something else answered (a proxy page, a stale cache).
    const text = i18n.t('network_error');
    if (!silent) toast.error(text);
    throw new ApiError(CODE_NETWORK, text);
  }
  if (body.code === CODE_SUCCESS) return body.data;
  if (SESSION_EXPIRY_CODES.includes(body.code)) {
    expireSession();
    throw new ApiError(body.code, body.msg || i18n.t('login_expired'), body.data);
  }
  if (!silent) toast.error(body.msg || i18n.t('request_failed'));
  throw new ApiError(body.code, body.msg, body.data);
}

/** axios's code for a timeout (AxiosError.ECONNABORTED), read off the error so axios stays lazy. */
const TIMEOUT_CODE = 'ECONNABORTED';

function transportMessage(error: unknown): string {
  if (error instanceof Error && 'isAxiosError' in error && (error as { code?: string }).code === TIMEOUT_CODE) {
    return error.message || i18n.t('request_timeout');
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('network_error');
}

export async function request<T>(url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const silent = options.silent ?? false;
  if (options.loading) loading.show();
  try {
    let response: AxiosResponse<Envelope<T>>;
    try {
      const http = await httpClient();
      response = await http.request<Envelope<T>>({
        url,
        method,
        // The server expects a JSON object on every POST, even when the call has no fields.
        data: method.toUpperCase() === 'GET' ? undefined : (data ?? {}),
      });
    } catch (error) {
      const text = transportMessage(error);
      if (!silent) toast.error(text);
      throw new ApiError(CODE_NETWORK, text);
    }
    return handleResponse(response, silent);
  } finally {
    // Cleared on every path: success, business error, expiry, HTTP error, timeout.
    if (options.loading) loading.hide();
  }
}

export const get = <T>(url: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> =>
  request<T>(url, undefined, { ...options, method: 'GET' });

export const post = <T>(url: string, data?: unknown, options: Omit<RequestOptions, 'method'> = {}): Promise<T> =>
  request<T>(url, data, { ...options, method: 'POST' });
