import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Typography, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '@/components/FormModal';
import { requestColdAddresses, type Asset } from '@/api/assets';
import type { ChainFamily } from '@/api/types';
import { useAddressRules } from '@/store/addressRules';
import { refreshSession } from '@/store/refreshSession';
import { useSession } from '@/store/session';
import { toast } from '@/utils/feedback';
import { addressPlaceholder, duplicateIndexes, isAddressFor } from '@/utils/addressRules';
import { codeRules } from '@/utils/formRules';
import { ApiError } from '@/utils/request';
import {
  COLD_ADDRESS_LIMIT,
  coldRequestProblem,
  parseRatio,
  ratioSum,
  scaledToDecimal,
} from '../tokenRules';

/** google_not_bound (docs/api.md): the server's answer when the caller has no authenticator. */
const CODE_GOOGLE_NOT_BOUND = 11008;
const ONE = 10_000; // 1 as an integer of 10^-4

interface ColdRow {
  address?: string;
  ratio?: string;
}

interface ColdRequestValues {
  rows: ColdRow[];
  googleCode: string;
}

interface ColdRequestModalProps extends DialogProps {
  asset: Asset;
  /** The chain's address family (home/config); addresses are checked against it. */
  family: ChainFamily | undefined;
}

const EMPTY_ROW: ColdRow = { address: '', ratio: '' };

/**
 * Request new collection (cold) addresses for a token (20104): 1 to 5 rows of address and ratio,
 * checked here before anything is sent (shape for the chain, no repeats, ratios > 0 with at most
 * 4 decimals totalling exactly 1 in integer math), then the authenticator's code.
 */
export default function ColdRequestModal({ open, asset, family, onClose, onSaved }: ColdRequestModalProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const bound = Boolean(user?.bindGoogle);
  const [form] = Form.useForm<ColdRequestValues>();
  const rows = (Form.useWatch('rows', form) ?? [EMPTY_ROW]) as ColdRow[];
  const [totalError, setTotalError] = useState(false);
  const total = ratioSum(rows.map((row) => row?.ratio));
  const addressShapes = useAddressRules(family);

  const addressRules = (index: number): FormRule[] => [
    { required: true, whitespace: true, message: t('cold_address_empty') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) => {
        if (!value?.trim()) return Promise.resolve();
        const addresses = ((getFieldValue('rows') ?? []) as ColdRow[]).map((row) => row?.address ?? '');
        const repeated = duplicateIndexes(addresses, addressShapes).includes(index);
        return isAddressFor(value, addressShapes) && !repeated ? Promise.resolve() : Promise.reject(new Error(t('cold_address_invalid')));
      },
    }),
  ];
  const ratioRules: FormRule[] = [
    { required: true, whitespace: true, message: t('cold_ratio_empty') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || parseRatio(value) !== null ? Promise.resolve() : Promise.reject(new Error(t('cold_ratio_invalid'))),
    },
  ];

  const submit = async () => {
    if (!bound) return; // the dialog says to bind first; nothing is sent
    let values: ColdRequestValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong
    }
    const problem = coldRequestProblem(values.rows, addressShapes);
    if (problem) {
      if (problem.kind === 'total') setTotalError(true);
      return;
    }
    try {
      await requestColdAddresses({
        assetId: asset.id,
        coldAddresses: values.rows.map((row) => ({ address: row.address!.trim(), ratio: row.ratio!.trim() })),
        googleCode: values.googleCode.trim(),
      });
    } catch (error) {
      // Toasted by the request layer; unbound elsewhere meanwhile: show the real state.
      if (error instanceof ApiError && error.code === CODE_GOOGLE_NOT_BOUND) void refreshSession();
      return;
    }
    toast.success(t('added_successfully'));
    onSaved();
  };

  return (
    <Modal
      open={open}
      title={`${t('cold_request')} · ${asset.symbol} (${asset.chainname})`}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={submit}
      okButtonProps={{ disabled: !bound, 'data-testid': 'cold-form-submit' }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setTotalError(false);
      }}
      destroyOnHidden
      width={640}
      data-testid="cold-form"
    >
      <Typography.Paragraph type="secondary">{t('cold_request_tip')}</Typography.Paragraph>
      {!bound && (
        <Alert
          type="warning"
          showIcon
          className="coffer-gap-bottom"
          data-testid="cold-bind-google"
          message={t('google_bind_first')}
          description={<Link to="/personal">{t('google_bind_go')}</Link>}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="cold-request"
        initialValues={{ rows: [EMPTY_ROW] }}
        onValuesChange={() => setTotalError(false)}
      >
        <Form.List name="rows">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} className="coffer-cold-row" data-testid="cold-row">
                  <Form.Item name={[field.name, 'address']} className="coffer-cold-address" rules={addressRules(index)} label={index === 0 ? t('address') : undefined}>
                    <Input autoComplete="off" placeholder={addressPlaceholder(addressShapes)} data-testid={`cold-address-${index}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'ratio']} className="coffer-cold-ratio" rules={ratioRules} label={index === 0 ? t('ratio') : undefined}>
                    <Input inputMode="decimal" placeholder="0.5" data-testid={`cold-ratio-${index}`} />
                  </Form.Item>
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      icon={<DeleteOutlined />}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                      aria-label={t('cold_remove_row')}
                      data-testid={`cold-remove-${index}`}
                    />
                  </Form.Item>
                </div>
              ))}
              <Space wrap className="coffer-gap-bottom">
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= COLD_ADDRESS_LIMIT}
                  onClick={() => fields.length < COLD_ADDRESS_LIMIT && add({ ...EMPTY_ROW })}
                  data-testid="cold-add-row"
                >
                  {t('cold_add_row')}
                </Button>
                {fields.length >= COLD_ADDRESS_LIMIT && (
                  <Typography.Text type="warning" data-testid="cold-limit">
                    {t('cold_limit')}
                  </Typography.Text>
                )}
                <Typography.Text strong type={total === ONE ? 'success' : 'warning'} data-testid="cold-total">
                  {t('cold_total', { total: scaledToDecimal(total) })}
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
        {totalError && <Alert type="error" showIcon className="coffer-gap-bottom" message={t('cold_ratio_total')} data-testid="cold-total-error" />}
        {bound && (
          <Form.Item name="googleCode" label={t('google_code_label')} rules={codeRules(t, t('input_google_code'))}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder={t('code_placeholder')} data-testid="cold-google-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
