import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TxHashLink } from '@/pages/token/AddressText';
import { formatAmountDown } from '@/pages/token/tokenRules';
import { useCallbackAddress } from '@/store/callbackAddress';
import { callbackEventView, noticeRepeatsCallback, orderNoticeViews, statusView, type StatusView } from './statuses';

// Small cells shared by the deposit tables, the detail drawer and the callback log.

/** A status of one of the label maps (order, callback, notification, type) as a coloured tag. */
export function StatusTag({ map, value, testId }: { map: Record<number, StatusView>; value: number | null | undefined; testId: string }) {
  return <ViewTag view={statusView(map, value)} value={value} testId={testId} />;
}

/** A status as its view (`value`, the code, in `data-value`); the bare code when it has none. */
function ViewTag({ view, value, testId }: { view: StatusView | null; value: number | null | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!view) return <span data-testid={testId}>{value ?? '—'}</span>;
  return (
    <Tag color={view.color} data-testid={testId} data-value={value}>
      {t(view.key)}
    </Tag>
  );
}

type NoticeRow = { callbackStatus: number; notifyStatus: number };

/** An order's callback state as it stands (statuses.ts, `orderNoticeViews`). */
export function CallbackStatusTag({ row, testId }: { row: NoticeRow; testId: string }) {
  const view = orderNoticeViews(row, useCallbackAddress()).callback;
  return <ViewTag view={view} value={row.callbackStatus} testId={testId} />;
}

/** An order's notification state as it stands (statuses.ts, `orderNoticeViews`). */
export function NotifyStatusTag({ row, testId }: { row: NoticeRow; testId: string }) {
  const view = orderNoticeViews(row, useCallbackAddress()).notify;
  return <ViewTag view={view} value={row.notifyStatus} testId={testId} />;
}

/**
 * Both notices of an order in one cell: the callback's state, then the user's notification's
 * unless it tells the same outcome (a delivered callback and notice read "Success" once, not twice).
 */
export function NoticeTags({ row, prefix }: { row: NoticeRow; prefix: string }) {
  const views = orderNoticeViews(row, useCallbackAddress());
  return (
    <span className="coffer-nowrap coffer-notice-tags">
      <ViewTag view={views.callback} value={row.callbackStatus} testId={`${prefix}-notice-callback`} />
      {!noticeRepeatsCallback(row, views) && <ViewTag view={views.notify} value={row.notifyStatus} testId={`${prefix}-notice-notify`} />}
    </span>
  );
}

/** A callback event's state in the log: a pending one without a callback address says so. */
export function CallbackEventStatusTag({ value, testId }: { value: number; testId: string }) {
  return <ViewTag view={callbackEventView(value, useCallbackAddress())} value={value} testId={testId} />;
}

/**
 * An amount shown with 4 decimals rounded down (spec section 9), the exact decimal string in the
 * tooltip and in `data-amount`.
 */
export function AmountText({ amount, symbol, testId, format = formatAmountDown }: { amount: string; symbol?: string; testId: string; format?: (amount: string) => string }) {
  const shown = format(amount);
  return (
    <Tooltip title={amount === shown ? undefined : `${amount}${symbol ? ` ${symbol}` : ''}`}>
      <span className="coffer-amount" data-testid={testId} data-amount={amount}>
        {shown}
        {symbol ? ` ${symbol}` : ''}
      </span>
    </Tooltip>
  );
}

/** A transaction hash, shortened with copy, linked to the chain's explorer when it has a txurl (or the server's `href`). */
export function HashText({ hash, txurl, href, testId = 'deposit-hash' }: { hash: string; txurl: string | null | undefined; href?: string | null; testId?: string }) {
  if (!hash) return <>—</>;
  return (
    <span className="coffer-address" data-testid={testId} data-hash={hash}>
      <TxHashLink txurl={txurl} hash={hash} href={href} />
    </span>
  );
}

/** Text that may be long (a reply excerpt): one line with the whole text in a tooltip. */
export function LongText({ text, testId }: { text: string | null | undefined; testId?: string }) {
  if (!text) return <span data-testid={testId}>—</span>;
  return (
    <Tooltip title={<span className="coffer-pre">{text}</span>} placement="topLeft">
      <Typography.Text className="coffer-long-text" ellipsis data-testid={testId}>
        {text}
      </Typography.Text>
    </Tooltip>
  );
}
