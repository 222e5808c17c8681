import { useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addBlacklist } from '@/api/system';
import type { ChainNode } from '@/api/types';
import { chainById } from '@/pages/token/tokenRules';
import { useAddressRules } from '@/store/addressRules';
import { addressPlaceholder, isAddressFor } from '@/utils/addressRules';
import { toast } from '@/utils/feedback';
import { ServerError, refusal } from './shared';
import { BLACKLIST_REMARK_MAX } from './systemRules';

interface BlacklistValues {
  chainId?: number;
  address?: string;
  remark?: string;
}

interface BlacklistAddModalProps {
  open: boolean;
  chains: readonly ChainNode[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add an address to the blacklist (80201): chain, address (its shape checked for the chain here;
 * checksum, canonical form and repeats are the server's) and an optional remark of at most 100
 * characters. A refusal (already listed, bad checksum) is shown in the dialog, which stays open.
 */
export default function BlacklistAddModal({ open, chains, onClose, onSaved }: BlacklistAddModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BlacklistValues>();
  const [error, setError] = useState<string | null>(null);
  const chainId = Form.useWatch('chainId', form);
  const addressShapes = useAddressRules(chainById(chains, chainId)?.family);

  const submit = async () => {
    let values: BlacklistValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong; nothing is sent
    }
    const remark = (values.remark ?? '').trim();
    setError(null);
    try {
      await addBlacklist({ chainId: values.chainId!, address: values.address!.trim(), ...(remark ? { remark } : {}) });
    } catch (failure) {
      setError(refusal(failure));
      return;
    }
    toast.success(t('added_successfully'));
    onSaved();
  };

  return (
    <Modal
      open={open}
      title={t('sys_blacklist_add')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'blacklist-form-submit' }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      destroyOnHidden
      width={520}
      data-testid="blacklist-form"
    >
      <Typography.Paragraph type="secondary">{t('sys_blacklist_add_tip')}</Typography.Paragraph>
      <ServerError message={error} testId="blacklist-form-error" />
      <Form form={form} layout="vertical" requiredMark={false} name="blacklist-add" onValuesChange={() => setError(null)}>
        <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('token_choose_chain') }]}>
          <Select
            placeholder={t('token_choose_chain')}
            options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))}
            onChange={() => form.getFieldValue('address') && void form.validateFields(['address']).catch(() => undefined)}
            data-testid="blacklist-form-chain"
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('address')}
          rules={[
            { required: true, whitespace: true, message: t('sys_address_empty') },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || isAddressFor(value, addressShapes) ? Promise.resolve() : Promise.reject(new Error(t('sys_address_invalid'))),
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} className="coffer-address" placeholder={addressPlaceholder(addressShapes)} data-testid="blacklist-form-address" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('remark')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                [...(value ?? '').trim()].length <= BLACKLIST_REMARK_MAX
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('remark_too_long', { max: BLACKLIST_REMARK_MAX }))),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={BLACKLIST_REMARK_MAX} showCount data-testid="blacklist-form-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
