import type { TFunction } from 'i18next';
import type { WithdrawalRow } from '@/api/withdrawals';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS, statusView } from '@/pages/deposits/depositRules';
import { statusLabel } from '@/pages/deposits/depositExport';
import { buildCsv, type CsvValue } from '@/utils/csv';
import { formatUtcOffset } from '@/utils/format';
import { formatInZone } from '@/utils/timezone';
import { createdByText } from './withdrawalColumns';
import { SOURCE, riskReasonsText } from './withdrawalRules';

// CSV of the withdrawals a filter selects (read with the deposits' fetchAllRows: every page, at
// most 10 000 rows), amounts exactly as the server sent them.

/** The CSV file of the rows: header in the UI language, times in the merchant's zone. */
export function withdrawalCsv(rows: readonly WithdrawalRow[], t: TFunction, hours: number | null): string {
  const zone = hours === null ? '' : ` (UTC${formatUtcOffset(hours)})`;
  const time = (value: string | null) => (value ? formatInZone(value, hours) : '');
  const columns: Array<[string, (row: WithdrawalRow) => CsvValue]> = [
    [t('order_no'), (row) => row.orderNo],
    [t('merchant_order_no'), (row) => row.merchantOrderNo],
    [t('wd_source'), (row) => statusLabel(t, statusView(SOURCE, row.source), row.source)],
    [t('openid'), (row) => row.openId],
    [t('wd_created_by'), (row) => createdByText(row, t)],
    [t('chain'), (row) => row.chainname],
    [t('deposit_token'), (row) => row.symbol],
    [t('tx_hash'), (row) => row.hash],
    [t('from_address'), (row) => row.fromAddress],
    [t('to_address'), (row) => row.toAddress],
    [t('wd_quantity'), (row) => row.amount],
    [t('actual_quantity'), (row) => row.actualAmount],
    [t('wd_fee'), (row) => row.fee],
    [t('status'), (row) => statusLabel(t, statusView(ORDER_STATUS, row.status), row.status)],
    [t('wd_risk_reasons'), (row) => riskReasonsText(row.riskReasons, t)],
    [t('wd_reason'), (row) => row.reason],
    [t('wd_security_code'), (row) => row.securityCode],
    [t('wd_remark'), (row) => row.remark],
    [t('wd_reviewer'), (row) => row.reviewer],
    [`${t('wd_review_time')}${zone}`, (row) => time(row.reviewtime)],
    [t('callback_status'), (row) => statusLabel(t, statusView(CALLBACK_STATUS, row.callbackStatus), row.callbackStatus)],
    [t('callback_result'), (row) => row.callbackResult],
    [t('notify_status'), (row) => statusLabel(t, statusView(NOTIFY_STATUS, row.notifyStatus), row.notifyStatus)],
    [`${t('created_time')}${zone}`, (row) => time(row.createtime)],
    [`${t('wd_complete_time')}${zone}`, (row) => time(row.completetime)],
  ];
  return buildCsv(
    columns.map(([title]) => title),
    rows.map((row) => columns.map(([, value]) => value(row))),
  );
}
