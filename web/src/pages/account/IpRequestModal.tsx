import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestPartnerIp } from '@/api/ipList';
import FormModal, { type DialogProps, type DialogSpec } from '@/components/FormModal';
import { toast } from '@/utils/feedback';
import { REMARK_MAX, isIpAddress } from './ipRules';

interface IpRequestValues {
  ip: string;
  remark?: string;
}

type IpRequestModalProps = DialogProps;

const DIALOG: DialogSpec = { name: 'ip-request', titleKey: 'ip_request', width: 480, testId: 'ip-form' };

/** Request an address for the allow-list (70101); an operator reviews it afterwards. */
export default function IpRequestModal({ open, onClose, onSaved }: IpRequestModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IpRequestValues>();

  const submit = async (values: IpRequestValues) => {
    const remark = values.remark?.trim();
    // A refusal (already listed, limit, ...) is toasted; the dialog stays open.
    await requestPartnerIp({ ip: values.ip.trim(), ...(remark ? { remark } : {}) });
    toast.success(t('added_successfully'));
    onSaved();
  };

  return (
    <FormModal spec={DIALOG} open={open} form={form} onSubmit={submit} onCancel={onClose}>
      <Form.Item
        name="ip"
        label={t('ip_address')}
        extra={t('ip_address_tip')}
        rules={[
          { required: true, whitespace: true, message: t('ip_empty') },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || isIpAddress(value) ? Promise.resolve() : Promise.reject(new Error(t('ip_invalid'))),
          },
        ]}
      >
        <Input autoComplete="off" placeholder="203.0.113.7" data-testid="ip-form-ip" />
      </Form.Item>
      <Form.Item name="remark" label={t('ip_remark')} rules={[{ max: REMARK_MAX, message: t('ip_remark_too_long', { max: REMARK_MAX }) }]}>
        <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount data-testid="ip-form-remark" />
      </Form.Item>
    </FormModal>
  );
}
