import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Grid, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRowCore } from '@/api/orders';
import type { ChainNode } from '@/api/types';
import CallbackAttemptsTable from './CallbackAttemptsTable';
import type { OrderDetailOf, OrderKind } from './orderKind';

interface OrderDetailDrawerProps<R extends OrderRowCore, D extends OrderDetailOf<R>> {
  kind: OrderKind<R, D>;
  /** The row to show; null closes the drawer. */
  row: R | null;
  timeZone: number | null;
  chains: readonly ChainNode[];
  /** The caller may read the kind's detail call: then the callback attempts are shown. */
  canReadDetail: boolean;
  /** Bumped by the screen after a re-push or a review, to read the detail again. */
  reloadKey: number;
  /** The re-push button of the row, when the role holds its permission. */
  pushButton?: ReactNode;
  /** What the screen offers for the row as shown (a withdrawal awaiting review: Pass, Reject); hidden while it is read again. */
  actions?: (shown: R) => ReactNode;
  onClose: () => void;
}

/** Every field of an order, what its kind adds (reviews) and the delivery attempts of its callback. */
export default function OrderDetailDrawer<R extends OrderRowCore, D extends OrderDetailOf<R>>({
  kind,
  row,
  timeZone,
  chains,
  canReadDetail,
  reloadKey,
  pushButton,
  actions,
  onClose,
}: OrderDetailDrawerProps<R, D>) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [detail, setDetail] = useState<D | null>(null);
  const [loading, setLoading] = useState(false);
  const id = row?.id ?? null;

  useEffect(() => {
    // Read again after a review or a re-push: the row's detail stays until the new one is in.
    setDetail((kept) => (kept && kept.id === id ? kept : null));
    if (id === null || !canReadDetail) return;
    let alive = true;
    setLoading(true);
    kind
      .detail(id)
      .then((answer) => alive && setDetail(answer))
      .catch(() => undefined) // the request layer told the user; the row's fields stay
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [kind, id, canReadDetail, reloadKey]);

  const shown: R | null = detail && detail.id === id ? detail : row;
  const context = { t, timeZone, chains };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={screens.md ? kind.drawerWidth : '100%'}
      title={shown ? t('deposit_detail_title', { orderNo: shown.orderNo }) : ''}
      extra={
        <Space>
          {pushButton}
          {shown && !loading && actions?.(shown)}
        </Space>
      }
      destroyOnHidden
      data-testid={`${kind.testId}-detail`}
    >
      {shown && (
        <div data-testid={`${kind.testId}-detail-body`} data-id={shown.id}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 200 } }} items={kind.detailItems(shown, context)} />
          {kind.detailSections?.(detail, loading, context)}
          <Typography.Title level={5} className="coffer-gap">
            {t('callback_attempts')}
          </Typography.Title>
          {canReadDetail ? (
            <CallbackAttemptsTable attempts={detail?.callbacks ?? []} timeZone={timeZone} loading={loading} testId="detail-attempts" />
          ) : (
            <Alert type="info" showIcon message={t('callbacks_need_access')} data-testid="detail-attempts-no-access" />
          )}
        </div>
      )}
    </Drawer>
  );
}
