import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositDetail, type CallbackAttempt, type DepositRow } from '@/api/deposits';
import type { ChainNode } from '@/api/types';
import { chainById } from '@/pages/token/tokenRules';
import { AddressText } from '@/pages/token/AddressText';
import { formatInZone } from '@/utils/timezone';
import CallbackAttemptsTable from './CallbackAttemptsTable';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS, TX_TYPE, confirmationsText, noteKey } from './depositRules';
import { AmountText, HashText, LongText, StatusTag } from './StatusTags';

interface DepositDetailDrawerProps {
  /** The row to show; null closes the drawer. */
  row: DepositRow | null;
  timeZone: number | null;
  chains: readonly ChainNode[];
  /** The caller may read /deposit/detail (301 or 401): then the callback attempts are shown. */
  canReadDetail: boolean;
  /** Bumped by the page after a re-push, to read the attempts again. */
  reloadKey: number;
  /** The re-push button of the row, when the role holds its permission. */
  pushButton?: ReactNode;
  onClose: () => void;
}

/** Every field of a deposit, and the delivery attempts of its callback (from /deposit/detail). */
export default function DepositDetailDrawer({ row, timeZone, chains, canReadDetail, reloadKey, pushButton, onClose }: DepositDetailDrawerProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [detail, setDetail] = useState<DepositRow | null>(null);
  const [attempts, setAttempts] = useState<CallbackAttempt[]>([]);
  const [loading, setLoading] = useState(false);
  const id = row?.id ?? null;

  const load = useCallback(
    (depositId: number, alive: () => boolean) => {
      setLoading(true);
      depositDetail(depositId)
        .then((answer) => {
          if (!alive()) return;
          const { callbacks, ...fields } = answer;
          setDetail(fields);
          setAttempts(callbacks ?? []);
        })
        .catch(() => undefined) // the request layer told the user; the row's fields stay
        .finally(() => alive() && setLoading(false));
    },
    [],
  );

  useEffect(() => {
    setDetail(null);
    setAttempts([]);
    if (id === null || !canReadDetail) return;
    let alive = true;
    load(id, () => alive);
    return () => {
      alive = false;
    };
  }, [id, canReadDetail, reloadKey, load]);

  const shown = detail && detail.id === id ? detail : row;
  const chain = shown ? chainById(chains, shown.chainId) : undefined;
  const time = (value: string | null | undefined) => (value ? formatInZone(value, timeZone) : '—');

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={screens.md ? 720 : '100%'}
      title={shown ? t('deposit_detail_title', { orderNo: shown.orderNo }) : ''}
      extra={pushButton}
      destroyOnHidden
      data-testid="deposit-detail"
    >
      {shown && (
        <div data-testid="deposit-detail-body" data-id={shown.id}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 200 } }}>
            <Descriptions.Item label={t('order_no')}>
              <Typography.Text copyable data-testid="detail-order-no">
                {shown.orderNo}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('merchant_order_no')}>{shown.merchantOrderNo || '—'}</Descriptions.Item>
            {shown.type !== undefined && (
              <Descriptions.Item label={t('tx_type')}>
                <StatusTag map={TX_TYPE} value={shown.type} testId="detail-type" />
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('openid')}>
              <span data-testid="detail-openid">{shown.openId || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('user_id')}>{shown.userId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('chain')}>
              <span data-testid="detail-chain">
                {shown.chainname} ({shown.chainId})
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposit_token')}>
              <span data-testid="detail-token">{shown.symbol}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('tx_hash')}>
              <HashText hash={shown.hash} txurl={chain?.txurl} testId="detail-hash" />
            </Descriptions.Item>
            <Descriptions.Item label={t('tx_index')}>{shown.index}</Descriptions.Item>
            <Descriptions.Item label={t('block_number')}>{shown.blockNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('from_address')}>
              <AddressText address={shown.fromAddress} testId="detail-from" />
            </Descriptions.Item>
            <Descriptions.Item label={t('to_address')}>
              <AddressText address={shown.toAddress} testId="detail-to" />
            </Descriptions.Item>
            <Descriptions.Item label={t('quantity')}>
              <AmountText amount={shown.amount} symbol={shown.symbol} testId="detail-amount" />
            </Descriptions.Item>
            <Descriptions.Item label={t('actual_quantity')}>
              <AmountText amount={shown.actualAmount} symbol={shown.symbol} testId="detail-actual-amount" />
            </Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <StatusTag map={ORDER_STATUS} value={shown.status} testId="detail-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('confirmations')}>
              <span data-testid="detail-confirmations">{confirmationsText(shown.confirmations, shown.requiredConfirmations)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposit_note')}>
              <span data-testid="detail-note">{noteKey(shown.note) ? t(noteKey(shown.note)!) : shown.note || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('callback_status')}>
              <StatusTag map={CALLBACK_STATUS} value={shown.callbackStatus} testId="detail-callback-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('callback_result')}>
              <LongText text={shown.callbackResult} testId="detail-callback-result" />
            </Descriptions.Item>
            <Descriptions.Item label={t('notify_status')}>
              <StatusTag map={NOTIFY_STATUS} value={shown.notifyStatus} testId="detail-notify-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('created_time')}>
              <span data-testid="detail-created">{time(shown.createtime)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('confirm_time')}>{time(shown.confirmtime)}</Descriptions.Item>
            <Descriptions.Item label={t('void_time')}>{time(shown.voidtime)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className="coffer-gap">
            {t('callback_attempts')}
          </Typography.Title>
          {canReadDetail ? (
            <CallbackAttemptsTable attempts={attempts} timeZone={timeZone} loading={loading} testId="detail-attempts" />
          ) : (
            <Alert type="info" showIcon message={t('callbacks_need_access')} data-testid="detail-attempts-no-access" />
          )}
        </div>
      )}
    </Drawer>
  );
}
