import { Tag, Tooltip, Typography } from 'antd';
import CellText from '@/components/list/CellText';
import type { ListColumn } from '@/components/list/columnSettings';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LogResult, LoginLogEntry, OperationLogEntry } from '@/api/types';
import { menuTitle } from '@/router/menus';
import { zoneTime } from '@/pages/orders/orderFields';
import { describeUserAgent } from './userAgent';
import type { TranslationKey } from '@/locales/types';

// Table columns of the log screens and of "my logs" in the personal centre. Times are shown in
// the merchant's time zone (null while unknown: the browser's zone).

export function ResultTag({ result, t }: { result: LogResult | string; t: TFunction }) {
  const success = result === 'success';
  return (
    <Tag color={success ? 'green' : 'red'} data-testid="log-result">
      {success ? t('result_success') : result === 'failure' ? t('result_failure') : result}
    </Tag>
  );
}

/** A before/after value of an operation log entry, whose shape the contract leaves open. */
export function formatLogValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  // The server sends the request body as JSON text (secrets masked): indent it for reading.
  if (/^\s*[[{]/.test(value)) {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return value;
}

const REASON_KEYS: Partial<Record<string, TranslationKey>> = {
  bad_password: 'reason_bad_password',
  bad_code: 'reason_bad_code',
  locked: 'reason_locked',
  pending: 'reason_pending',
  disabled: 'reason_disabled',
  // Authenticator checks paused after repeated wrong codes
  google_locked: 'reason_google_locked',
};

/** The action's name in `lang` (the server sends all three); the stored path when it has none. */
export function actionLabel(entry: Pick<OperationLogEntry, 'action' | 'actionName'>, lang: string): string {
  return menuTitle(entry.actionName ?? undefined, lang) || entry.action;
}

function ActionName({ entry }: { entry: OperationLogEntry }) {
  const { i18n } = useTranslation();
  const named = actionLabel(entry, i18n.language);
  // A path no longer routed is shown as the path it is, in code style.
  return named === entry.action ? (
    <Typography.Text code data-testid="log-action">
      {entry.action}
    </Typography.Text>
  ) : (
    <Tooltip placement="topLeft" title={entry.action}>
      <span data-testid="log-action">{named}</span>
    </Tooltip>
  );
}

/** Browser and system read from the user agent; the raw string on hover. */
export function BrowserCell({ agent }: { agent: string | null | undefined }) {
  const { t } = useTranslation();
  const shown = describeUserAgent(agent, t('log_browser_other'));
  return (
    <Tooltip placement="topLeft" title={agent || undefined}>
      <span className="coffer-cell-clip" style={{ maxWidth: 200 }} data-testid="log-browser">
        {shown}
      </span>
    </Tooltip>
  );
}

// At first: when, who, what (and to what) and the result; the IP (operations) and the browser
// in the column settings (list kit).
const browserColumn = <T extends { userAgent?: string }>(t: TFunction): ListColumn<T> => ({
  title: t('log_user_agent'),
  dataIndex: 'userAgent',
  key: 'userAgent',
  secondary: true,
  render: (value: string | undefined, _row: T) => <BrowserCell agent={value} />,
});

export function failureReason(reason: string | null | undefined, t: TFunction): string {
  if (!reason) return '—';
  const key = REASON_KEYS[reason];
  return key ? t(key) : reason;
}

const timeColumn = <T extends { createtime: string }>(t: TFunction, timeZone: number | null): ListColumn<T> => ({
  title: t('log_time'),
  dataIndex: 'createtime',
  key: 'createtime',
  render: (value: string) => <span data-testid="log-time">{zoneTime(value, timeZone)}</span>,
});

const emailColumn = <T extends { email: string }>(t: TFunction): ListColumn<T> => ({
  title: t('email'),
  dataIndex: 'email',
  key: 'email',
  render: (value: string) => <CellText text={value} width={220} testId="log-email" />,
});

const resultColumn = <T extends { result: LogResult }>(t: TFunction): ListColumn<T> => ({
  title: t('log_result'),
  dataIndex: 'result',
  key: 'result',
  render: (value: LogResult) => <ResultTag result={value} t={t} />,
});

const ipColumn = <T extends { ip: string }>(t: TFunction, secondary: boolean): ListColumn<T> => ({
  title: t('log_ip'),
  dataIndex: 'ip',
  key: 'ip',
  secondary,
  render: (value: string) => <span className="coffer-nowrap" data-testid="log-ip">{value || '—'}</span>,
});

export function loginLogColumns(t: TFunction, timeZone: number | null): Array<ListColumn<LoginLogEntry>> {
  return [
    timeColumn(t, timeZone),
    emailColumn(t),
    ipColumn(t, false),
    resultColumn(t),
    {
      title: t('log_reason'),
      dataIndex: 'reason',
      key: 'reason',
      render: (value: string | null) => <span data-testid="log-reason">{failureReason(value, t)}</span>,
    },
    browserColumn<LoginLogEntry>(t),
  ];
}

export function operationLogColumns(
  t: TFunction,
  timeZone: number | null,
  { withEmail }: { withEmail: boolean },
): Array<ListColumn<OperationLogEntry>> {
  const columns: Array<ListColumn<OperationLogEntry>> = [
    timeColumn(t, timeZone),
    { title: t('log_action'), dataIndex: 'action', key: 'action', render: (_value: string, entry) => <ActionName entry={entry} /> },
    { title: t('log_target'), dataIndex: 'target', key: 'target', render: (value: string | null) => <CellText text={value} width={240} testId="log-target" /> },
    resultColumn(t),
    ipColumn(t, true),
    browserColumn<OperationLogEntry>(t),
  ];
  if (withEmail) columns.splice(1, 0, emailColumn(t));
  return columns;
}

/**
 * Expanded row of an operation: where it came from (IP and browser, secondary columns at first)
 * and the state before and after the change.
 */
export function OperationChange({ entry, t }: { entry: OperationLogEntry; t: TFunction }) {
  return (
    <div className="coffer-log-change">
      <div className="coffer-log-client" data-testid="log-change-client">
        <Typography.Text type="secondary">{t('label_colon', { label: t('log_ip') })}</Typography.Text>
        <span>{entry.ip || '—'}</span>
        <Typography.Text type="secondary">{t('label_colon', { label: t('log_user_agent') })}</Typography.Text>
        <BrowserCell agent={entry.userAgent} />
      </div>
      <div>
        <Typography.Text type="secondary">{t('log_before')}</Typography.Text>
        <pre>{formatLogValue(entry.before)}</pre>
      </div>
      <div>
        <Typography.Text type="secondary">{t('log_after')}</Typography.Text>
        <pre>{formatLogValue(entry.after)}</pre>
      </div>
    </div>
  );
}
