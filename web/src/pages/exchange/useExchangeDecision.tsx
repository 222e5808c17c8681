import { useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ExchangeDecision, decideExchange, type ExchangeRow } from '@/api/exchange';
import PassModal, { type PassRequest } from '@/components/PassModal';
import { useAccess } from '@/hooks/useAccess';
import type { ScreenExtras, ScreenState } from '@/pages/orders/orderKind';
import { PERMISSIONS } from '@/router/permissions';
import { toast } from '@/utils/feedback';
import { isHeld } from './exchangeRules';

/**
 * The detail of an exchange held for review offers a role holding 20402 "Pay out at today's
 * price" and "Refund", each confirmed with the Google code (/api/v2/exchange/check); the list, the
 * summary and the detail are read again after. A refusal (a stopped price, the wallet short, a
 * payee that may not be paid) is the request layer's toast and the dialog stays for another try.
 */
export function useExchangeDecision({ refresh }: ScreenState<ExchangeRow>): ScreenExtras<ExchangeRow> {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [asking, setAsking] = useState<PassRequest | null>(null);
  const canDecide = hasPermission(PERMISSIONS.tradeDecide);

  const decide = async (row: ExchangeRow, action: ExchangeDecision, googleCode: string): Promise<boolean> => {
    let decided;
    try {
      decided = await decideExchange(row.id, action, googleCode);
    } catch {
      return false; // the request layer told the user
    }
    toast.success(
      action === ExchangeDecision.PayOut
        ? t('exchange_paying_out', { amount: decided.amountOut, symbol: row.symbolOut, rate: t('trade_rate_line', { in: row.symbol, rate: decided.rate, out: row.symbolOut }) })
        : t('exchange_refunding'),
    );
    refresh();
    return true;
  };

  const ask = (row: ExchangeRow, action: ExchangeDecision) => {
    const payOut = action === ExchangeDecision.PayOut;
    setAsking({
      title: t(payOut ? 'exchange_pay_out_confirm' : 'exchange_refund_confirm', { orderNo: row.orderNo }),
      tip: payOut ? t('exchange_pay_out_tip', { symbol: row.symbolOut }) : t('exchange_refund_tip', { symbol: row.symbol }),
      codeTip: t('exchange_decide_google_tip'),
      testId: payOut ? 'detail-pay-out' : 'detail-refund',
      send: (googleCode) => decide(row, action, googleCode),
    });
  };

  const detailActions = (shown: ExchangeRow): ReactNode =>
    canDecide && isHeld(shown.status) ? (
      <Space>
        <Button type="primary" icon={<SendOutlined />} onClick={() => ask(shown, ExchangeDecision.PayOut)} data-testid="detail-pay-out">
          {t('exchange_pay_out')}
        </Button>
        <Button danger icon={<RollbackOutlined />} onClick={() => ask(shown, ExchangeDecision.Refund)} data-testid="detail-refund">
          {t('exchange_refund')}
        </Button>
      </Space>
    ) : null;

  return { detailActions, modals: <PassModal request={asking} onCancel={() => setAsking(null)} /> };
}
