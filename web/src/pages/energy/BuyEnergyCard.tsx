import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Col, Form, Input, Row, Select, Space, Typography, type FormRule } from 'antd';
import { CalculatorOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { estimateEnergyPrice, orderEnergy, type EnergyQuote } from '@/api/energy';
import type { ChainNode } from '@/api/types';
import AccessControl from '@/components/AccessControl';
import { ServerError } from '@/components/FormModal';
import PassModal, { type PassRequest } from '@/components/PassModal';
import { useCountdown } from '@/hooks/useCountdown';
import { refusal } from '@/pages/system/shared';
import { chainById, formatAmountDown, shortAddress } from '@/pages/token/tokenRules';
import { PERMISSIONS } from '@/router/permissions';
import { useAddressRules } from '@/store/addressRules';
import { addressPlaceholder, isAddressFor } from '@/utils/addressRules';
import { toast } from '@/utils/feedback';
import EnergyQuoteView from './EnergyQuoteView';
import { countProblem, ENERGY_BOUNDS, maxDailyLimit, termsOf, type EnergyFormValues } from './energyRules';

/** A count field's rule: its messages when empty and when out of the bounds `limit` gives at check time. */
function countRule(empty: string, invalid: (bounds: { min: number; max: number }) => string, limit: () => { min: number; max: number }): FormRule {
  return {
    validator: (_, value: string | undefined) => {
      const bounds = limit();
      const problem = countProblem(value, bounds.min, bounds.max);
      if (problem === null) return Promise.resolve();
      return Promise.reject(new Error(problem === 'empty' ? empty : invalid(bounds)));
    },
  };
}

/** The price's countdown, or that it expired and a new one is needed. */
function QuoteClock({ remaining, expired }: { remaining: number; expired: boolean }) {
  const { t } = useTranslation();
  if (expired) {
    return (
      <Typography.Text type="danger" data-testid="energy-quote-expired">
        {t('energy_quote_expired')}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type="secondary" data-testid="energy-quote-countdown">
      {t('energy_quote_valid', { seconds: remaining })}
    </Typography.Text>
  );
}

interface BuyEnergyCardProps {
  /** The TRON chains of home/config (at least one). */
  chains: readonly ChainNode[];
  /** An order was placed: the profile and the list are read again. */
  onOrdered: () => void;
}

/**
 * Buy energy: the terms (TRON chain, receiving address checked by the chain's rule, times, days,
 * max daily uses, activation), Get price (estimatePrice: the quote, valid for its seconds), then
 * Buy (ENERGY_ORDER) with the Google code. Changing a term drops the quote; an expired quote
 * cannot be bought. Every refusal shows the server's message in the card.
 */
export default function BuyEnergyCard({ chains, onOrdered }: BuyEnergyCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnergyFormValues>();
  const chainId = Form.useWatch('chainId', form);
  const addressShapes = useAddressRules(chainById(chains, chainId)?.family ?? 'tron');
  const [quote, setQuote] = useState<EnergyQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pricing, setPricing] = useState(false);
  const [pass, setPass] = useState<PassRequest | null>(null);
  const clock = useCountdown();
  const expired = quote !== null && !clock.running;

  // An expired price cannot be bought: the code dialog closes with it.
  useEffect(() => {
    if (expired) setPass(null);
  }, [expired]);

  const dropQuote = () => {
    setQuote(null);
    setError(null);
    clock.reset();
  };

  const getPrice = async () => {
    let values: EnergyFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong; nothing is sent
    }
    dropQuote();
    setPricing(true);
    try {
      const answer = await estimateEnergyPrice(termsOf(values));
      setQuote(answer);
      clock.start(answer.validSeconds);
    } catch (failure) {
      setError(refusal(failure) ?? t('request_failed'));
    } finally {
      setPricing(false);
    }
  };

  const buy = (bought: EnergyQuote) =>
    setPass({
      title: t('energy_buy_title', { times: bought.times, address: shortAddress(bought.address) }),
      tip: t('energy_buy_tip', { total: formatAmountDown(bought.totalPoints) }),
      codeTip: t('energy_buy_code_tip'),
      testId: 'energy-buy',
      send: async (googleCode) => {
        try {
          await orderEnergy({ quoteId: bought.quoteId, googleCode });
        } catch (failure) {
          setError(refusal(failure)); // the request layer toasted it too; the dialog stays for another code
          return false;
        }
        toast.success(t('purchased_successfully'));
        dropQuote();
        onOrdered();
        return true;
      },
    });

  const addressRules: FormRule[] = [
    { required: true, whitespace: true, message: t('sys_address_empty') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isAddressFor(value, addressShapes) ? Promise.resolve() : Promise.reject(new Error(t('sys_address_invalid'))),
    },
  ];
  const { times, days } = ENERGY_BOUNDS;
  const range = (bounds: { min: number; max: number }) => t('energy_range', bounds);

  return (
    <Card title={t('energy_buy')} className="coffer-card coffer-gap-bottom" data-testid="energy-buy-card">
      <Form<EnergyFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="energy-order"
        initialValues={{ chainId: chains[0]?.chainid, activate: false }}
        onValuesChange={dropQuote}
        onFinish={() => void getPrice()}
        data-testid="energy-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('wd_chain_empty') }]}>
              <Select options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))} data-testid="energy-chain" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="address" label={t('energy_address')} rules={addressRules}>
              <Input autoComplete="off" placeholder={addressPlaceholder(addressShapes)} data-testid="energy-address" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="times" label={t('energy_times')} rules={[countRule(t('energy_times_empty'), (bounds) => t('energy_times_invalid', bounds), () => times)]}>
              <Input inputMode="numeric" autoComplete="off" placeholder={range(times)} data-testid="energy-times" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="days" label={t('energy_days')} rules={[countRule(t('energy_days_empty'), (bounds) => t('energy_days_invalid', bounds), () => days)]}>
              <Input inputMode="numeric" autoComplete="off" placeholder={range(days)} data-testid="energy-days" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="maxDailyUses"
              label={t('energy_max_daily')}
              dependencies={['times']}
              rules={[
                countRule(t('energy_max_daily_empty'), ({ max }) => t('energy_max_daily_invalid', { max }), () => ({ min: 1, max: maxDailyLimit(form.getFieldValue('times')) })),
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" placeholder={range({ min: 1, max: times.max })} data-testid="energy-max-daily" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="activate" valuePropName="checked" extra={t('energy_activate_tip')}>
          <Checkbox data-testid="energy-activate">{t('energy_activate')}</Checkbox>
        </Form.Item>
        <Button htmlType="submit" icon={<CalculatorOutlined />} loading={pricing} className="coffer-gap-bottom" data-testid="energy-get-price">
          {t('energy_get_price')}
        </Button>
      </Form>
      <ServerError message={error} testId="energy-refused" />
      {quote && (
        <div data-testid="energy-quote-section">
          <Typography.Title level={5}>{t('energy_quote')}</Typography.Title>
          <EnergyQuoteView quote={quote} />
          <Space wrap>
            <AccessControl
              menuId={PERMISSIONS.energyOrder}
              fallback={
                <Typography.Text type="secondary" data-testid="energy-buy-not-allowed">
                  {t('energy_buy_not_allowed')}
                </Typography.Text>
              }
            >
              <Button type="primary" icon={<ThunderboltOutlined />} disabled={expired} onClick={() => buy(quote)} data-testid="energy-buy">
                {t('energy_buy_button')}
              </Button>
            </AccessControl>
            <QuoteClock remaining={clock.remaining} expired={expired} />
          </Space>
        </div>
      )}
      <PassModal request={pass} onCancel={() => setPass(null)} />
    </Card>
  );
}
