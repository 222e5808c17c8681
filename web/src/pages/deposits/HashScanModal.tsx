import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { scanHash, type DepositRow, type HashScanAnswer } from '@/api/deposits';
import type { ChainNode } from '@/api/types';
import { AmountText } from '@/pages/orders/StatusTags';
import { DepositStatusTag } from './DepositStatusTag';
import { HASH_SCAN_VIEWS, hashToSend, txHashRules } from './hashScanRules';

interface HashScanValues {
  chainId?: number;
  hash?: string;
}

interface HashScanModalProps {
  open: boolean;
  chains: readonly ChainNode[];
  onClose: () => void;
  /** New deposits were recorded: the list and summary should be read again. */
  onCredited: () => void;
}

/**
 * Scan a transaction hash (40101): chain + hash → `/api/v2/hash/scan`. The answer stays in the
 * dialog (credited, already known, or pending with the rows); a refusal is the request layer's
 * toast and the dialog stays open so the hash can be fixed.
 */
export default function HashScanModal({ open, chains, onClose, onCredited }: HashScanModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HashScanValues>();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<HashScanAnswer | null>(null);

  const submit = async () => {
    let values: HashScanValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the field rules say why
    }
    setBusy(true);
    setAnswer(null);
    try {
      const scanned = await scanHash(values.chainId!, hashToSend(values.hash ?? ''));
      setAnswer({ result: scanned?.result, deposits: scanned?.deposits ?? [] });
      if (scanned?.result === 'credited') onCredited();
    } catch {
      // toasted by the request layer; the dialog stays open
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<DepositRow> = [
    { title: t('order_no'), dataIndex: 'orderNo', key: 'orderNo', render: (value: string) => <span data-testid="scan-order-no">{value}</span> },
    {
      title: t('quantity'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (value: string, row) => <AmountText amount={value} symbol={row.symbol} testId="scan-amount" />,
    },
    { title: t('status'), dataIndex: 'status', key: 'status', render: (_, row) => <DepositStatusTag row={row} testId="scan-status" /> },
  ];

  // An answer this console does not know yet is shown as the server named it.
  const view = answer ? (HASH_SCAN_VIEWS[answer.result] ?? null) : null;

  return (
    <Modal
      open={open}
      title={t('hash_scan_title')}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setAnswer(null);
      }}
      destroyOnHidden
      width={640}
      data-testid="hash-scan-modal"
      footer={[
        <Button key="close" onClick={onClose} data-testid="hash-scan-close">
          {t('hash_scan_close')}
        </Button>,
        <Button key="scan" type="primary" loading={busy} onClick={submit} data-testid="hash-scan-submit">
          {t('hash_scan_submit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('hash_scan_tip')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name="hash-scan" onValuesChange={() => setAnswer(null)}>
        <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('hash_scan_chain_required') }]}>
          <Select options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))} placeholder={t('chain')} data-testid="hash-scan-chain" />
        </Form.Item>
        <Form.Item name="hash" label={t('hash_scan_hash')} rules={txHashRules(t)}>
          <Input allowClear placeholder={t('hash_scan_hash_placeholder')} onPressEnter={submit} data-testid="hash-scan-hash" />
        </Form.Item>
      </Form>
      {answer && (
        <div data-testid="hash-scan-result" data-result={answer.result}>
          <Alert
            type={view?.type ?? 'info'}
            showIcon
            className="coffer-gap-bottom"
            message={view ? t(view.titleKey, { count: answer.deposits.length }) : String(answer.result)}
            description={view ? t(view.tipKey) : undefined}
          />
          {answer.deposits.length > 0 && (
            <Table<DepositRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={answer.deposits}
              columns={columns}
              scroll={{ x: 'max-content' }}
              onRow={(row) => ({ 'data-testid': `scan-row-${row.orderNo}` }) as object}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
