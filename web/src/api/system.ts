import { post } from '@/utils/request';
import type { PageQuery, PageResult } from './types';

// System: keys and access (menu 8), docs/api.md "System: keys and access (menu 8)".

/** The merchant's RSA public key, as stored (SubjectPublicKeyInfo PEM). */
export interface ClientKey {
  /** Hex SHA-256 of the key's DER. */
  fingerprint: string;
  bits: number;
  publicKey: string;
  updatetime: string;
}

/** `/secret` (803 or 804): the non-secret settings and the platform key. */
export interface ApiSettings {
  hasKey: boolean;
  /** First part of the API key, safe to show; null before the first key. */
  keyId: string | null;
  /** When the current key was generated. */
  createtime: string | null;
  /** "" when none is set. */
  callbackUrl: string;
  /** The risk-control address asked before a withdrawal passes on its own; "" when none. */
  riskUrl: string;
  clientKey: ClientKey | null;
  platformKeyId: string | null;
  platformPublicKey: string | null;
}

/** The API key itself (`ck_<16 hex>_<64 hex>`). */
export interface ApiSecret {
  keyId: string;
  secret: string;
  createtime: string;
}

export interface AllowIp {
  ip: string;
  createtime: string;
}

export interface BlacklistEntry {
  id: number;
  chainId: number;
  chainname: string;
  address: string;
  remark: string;
  createtime: string;
}

export interface BlacklistFilters {
  chainId?: number;
  /** Any part of the address, case ignored. */
  address?: string;
}

export interface BlacklistAddBody {
  chainId: number;
  address: string;
  remark?: string;
}

export const getApiSettings = (options: { silent?: boolean } = {}) => post<ApiSettings>('/api/partner/secret', {}, options);

/** Needs 80301 and the authenticator's code. */
export const showSecret = (googleCode: string) => post<ApiSecret>('/api/partner/secret/show', { googleCode }, { loading: true });

/** Needs 80302: creates the first key or replaces it (the old one is refused at once). */
export const resetSecret = (googleCode: string) => post<ApiSecret>('/api/partner/secret/reset', { googleCode }, { loading: true });

/** Needs 80303. The key is checked before the code (a pasted private key is named as such). */
export const saveClientKey = (body: { publicKey: string; googleCode: string }) =>
  post<ClientKey>('/api/partner/clientkey/save', body, { loading: true });

/** Needs 80402. `""` clears the address; the answer is the stored (normalised) form. */
export const saveCallbackUrl = (callbackUrl: string) =>
  post<{ callbackUrl: string }>('/api/partner/callbackurl/save', { callbackUrl }, { loading: true });

/** Oldest first (805). */
export const getAllowIps = () => post<AllowIp[]>('/api/partner/allowips', {});

/** Needs 80501: replaces the whole list; the server canonicalises and drops repeats. */
export const editAllowIps = (ips: string[]) => post<AllowIp[]>('/api/partner/allowips/edit', { ips }, { loading: true });

/** Newest first (802). */
export const pageBlacklist = (query: PageQuery & BlacklistFilters) =>
  post<PageResult<BlacklistEntry>>('/api/partner/address/black/list', query);

/** Needs 80201. The answer's address is the stored (canonical) form. */
export const addBlacklist = (body: BlacklistAddBody) =>
  post<{ id: number; address: string }>('/api/partner/address/black/add', body, { loading: true });

/** Needs 80202. */
export const deleteBlacklist = (id: number) => post<null>('/api/partner/address/black/delete', { id }, { loading: true });
