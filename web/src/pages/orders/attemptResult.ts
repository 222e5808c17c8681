import type { TFunction } from 'i18next';
import type { AttemptResult } from '@/api/callbacks';
import { toast } from '@/utils/feedback';

// How a push or the test callback went, in the user's language.

/** The localized reason of a failed attempt, with the HTTP status when there was one. */
export function reasonText(t: TFunction, result: Pick<AttemptResult, 'reason' | 'httpStatus'>): string {
  const reason = result.reason ? t(`cb_reason_${result.reason}`, { defaultValue: result.reason }) : '';
  return result.httpStatus !== null && result.httpStatus !== undefined ? `${reason} (HTTP ${result.httpStatus})` : reason;
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
