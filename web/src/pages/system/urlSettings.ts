import { saveRiskUrl } from '@/api/withdrawals';
import { saveCallbackUrl, type ApiSettings } from '@/api/system';
import type { TranslationKey } from '@/locales/types';
import { PERMISSIONS } from '@/router/permissions';

// The two addresses of System › Callback (804) that follow the same URL rule (isCallbackUrl):
// where callbacks go (80402) and the risk-control address asked before a withdrawal passes on
// its own (80403). Both are read from `/api/partner/secret`.

export interface UrlSetting {
  /** The field of `/secret`. */
  field: keyof Pick<ApiSettings, 'callbackUrl' | 'riskUrl'>;
  /** The F button that may set it. */
  permission: string;
  /** Test ids: `${prefix}-url-setting`, `${prefix}-url-edit`, `${prefix}-url-input`, `${prefix}-clear-sure`, ... */
  prefix: 'callback' | 'risk';
  /** Saves (`""` clears) and resolves with the stored, normalised form. */
  save: (url: string) => Promise<string>;
  /** Translation keys. */
  keys: Record<'title' | 'tip' | 'unset' | 'editTip' | 'invalid' | 'clearConfirm' | 'clearWarning' | 'cleared', TranslationKey>;
  /** How the card speaks of a missing address: callbacks wait (warning); risk control is optional (info). */
  unsetType: 'warning' | 'info';
  placeholder: string;
}

export const CALLBACK_URL: UrlSetting = {
  field: 'callbackUrl',
  permission: PERMISSIONS.callbackUrlSet,
  prefix: 'callback',
  save: async (url) => (await saveCallbackUrl(url)).callbackUrl,
  keys: {
    title: 'callback_url_title',
    tip: 'sys_callback_url_tip',
    unset: 'sys_callback_unset_warning',
    editTip: 'sys_callback_edit_tip',
    invalid: 'sys_callback_url_invalid',
    clearConfirm: 'sys_callback_clear_confirm',
    clearWarning: 'sys_callback_clear_warning',
    cleared: 'sys_callback_cleared',
  },
  unsetType: 'warning',
  placeholder: 'https://shop.example/coffer/callback',
};

export const RISK_URL: UrlSetting = {
  field: 'riskUrl',
  permission: PERMISSIONS.riskUrlSet,
  prefix: 'risk',
  save: async (url) => (await saveRiskUrl(url)).riskUrl,
  keys: {
    title: 'risk_url_title',
    tip: 'risk_url_tip',
    unset: 'risk_url_unset',
    editTip: 'risk_url_edit_tip',
    invalid: 'risk_url_invalid',
    clearConfirm: 'risk_url_clear_confirm',
    clearWarning: 'risk_url_clear_warning',
    cleared: 'risk_url_cleared',
  },
  unsetType: 'info',
  placeholder: 'https://shop.example/coffer/risk',
};
