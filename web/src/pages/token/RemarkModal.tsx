import { useEffect } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { editAddressRemark, type DepositAddressRow } from '@/api/wallets';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { toast } from '@/utils/feedback';
import { REMARK_MAX } from './tokenRules';

interface RemarkModalProps {
  /** The deposit address whose remark is edited; null: closed. */
  target: DepositAddressRow | null;
  onClose: () => void;
  onSaved: () => void;
}

const DIALOG: DialogSpec = { name: 'address-remark', titleKey: 'remark_edit', width: 480, testId: 'remark-form' };

/** Edit a deposit address's remark (20201): at most 100 characters, empty clears it. */
export default function RemarkModal({ target, onClose, onSaved }: RemarkModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark?: string }>();

  useEffect(() => {
    if (target) form.setFieldsValue({ remark: target.remark });
  }, [target]); // once per opening

  const submit = async (values: { remark?: string }) => {
    if (!target) return;
    await editAddressRemark(target.id, (values.remark ?? '').trim());
    toast.success(t('edited_successfully'));
    onSaved();
  };

  return (
    <FormModal
      spec={DIALOG}
      open={target !== null}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      intro={
        target && (
          <Typography.Paragraph type="secondary" className="coffer-address">
            {target.chainname} · {target.openId} · {target.address}
          </Typography.Paragraph>
        )
      }
    >
      <Form.Item
        name="remark"
        label={t('remark')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              [...(value ?? '').trim()].length <= REMARK_MAX ? Promise.resolve() : Promise.reject(new Error(t('remark_too_long', { max: REMARK_MAX }))),
          },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount data-testid="remark-form-remark" />
      </Form.Item>
    </FormModal>
  );
}
