import type { TFunction } from 'i18next';
import type { AttemptResult } from '@/api/callbacks';
import type { TranslationKey } from '@/locales/types';
import { toast } from '@/utils/feedback';

// How a push or the test callback went, in the user's language.

/** The stable failure reasons of an attempt (docs/api.md) and their labels. */
const REASON_KEYS: Partial<Record<string, TranslationKey>> = {
  timeout: 'cb_reason_timeout',
  unreachable: 'cb_reason_unreachable',
  blocked_target: 'cb_reason_blocked_target',
  http_status: 'cb_reason_http_status',
  not_json: 'cb_reason_not_json',
  code_not_zero: 'cb_reason_code_not_zero',
  processing: 'cb_reason_processing',
  no_address: 'cb_reason_no_address',
};

/** The localized reason of a failed attempt, with the HTTP status when there was one. */
export function reasonText(t: TFunction, result: Pick<AttemptResult, 'reason' | 'httpStatus'>): string {
  const key = result.reason ? REASON_KEYS[result.reason] : undefined;
  // A reason this console does not know yet is shown as the server named it.
  const reason = key ? t(key) : (result.reason ?? '');
  if (result.httpStatus === null || result.httpStatus === undefined) return reason;
  const status = `HTTP ${result.httpStatus}`;
  return reason ? t('text_with_note', { text: reason, note: status }) : status;
}

/** The toast after a re-push: delivered, refused with its reason, or queued. */
export function toastPushResult(t: TFunction, result: AttemptResult | null | undefined): void {
  if (!result) {
    toast.success(t('pushed_successfully'));
  } else if (!result.attempted) {
    toast.info(t(result.reason === 'no_address' ? 'push_queued_no_address' : 'push_queued'));
  } else if (result.success) {
    toast.success(t('push_delivered', { status: result.httpStatus, ms: result.latencyMs }));
  } else {
    toast.error(t('push_not_accepted', { reason: reasonText(t, result) }));
  }
}
