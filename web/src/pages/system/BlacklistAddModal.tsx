import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addBlacklist } from '@/api/system';
import type { ChainNode } from '@/api/types';
import { chainById } from '@/pages/token/tokenRules';
import { useAddressRules } from '@/store/addressRules';
import { addressPlaceholder, isAddressFor } from '@/utils/addressRules';
import { toast } from '@/utils/feedback';
import FormModal, { type DialogProps, type DialogSpec } from '@/components/FormModal';
import { refusal } from './shared';
import { BLACKLIST_REMARK_MAX } from './systemRules';

interface BlacklistValues {
  chainId?: number;
  address?: string;
  remark?: string;
}

interface BlacklistAddModalProps extends DialogProps {
  chains: readonly ChainNode[];
}

const DIALOG: DialogSpec = { name: 'blacklist-add', titleKey: 'sys_blacklist_add', width: 520, testId: 'blacklist-form' };

/**
 * Add an address to the blacklist (80201): chain, address (its shape checked for the chain here;
 * checksum, canonical form and repeats are the server's) and an optional remark of at most 100
 * characters. A refusal (already listed, bad checksum) is shown in the dialog, which stays open.
 */
export default function BlacklistAddModal({ open, chains, onClose, onSaved }: BlacklistAddModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BlacklistValues>();
  const chainId = Form.useWatch('chainId', form);
  const addressShapes = useAddressRules(chainById(chains, chainId)?.family);

  const submit = async (values: BlacklistValues) => {
    const remark = (values.remark ?? '').trim();
    await addBlacklist({ chainId: values.chainId!, address: values.address!.trim(), ...(remark ? { remark } : {}) });
    toast.success(t('added_successfully'));
    onSaved();
  };

  return (
    <FormModal
      spec={DIALOG}
      open={open}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      refusal={{ testId: 'blacklist-form-error', message: refusal }}
      intro={<Typography.Paragraph type="secondary">{t('sys_blacklist_add_tip')}</Typography.Paragraph>}
    >
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
    </FormModal>
  );
}
