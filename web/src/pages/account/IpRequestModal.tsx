import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestPartnerIp } from '@/api/ipList';
import { toast } from '@/utils/feedback';
import { REMARK_MAX, isIpAddress } from './ipRules';

interface IpRequestValues {
  ip: string;
  remark?: string;
}

interface IpRequestModalProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Request an address for the allow-list (70101); an operator reviews it afterwards. */
export default function IpRequestModal({ open, onClose, onSaved }: IpRequestModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IpRequestValues>();

  const submit = async () => {
    let values: IpRequestValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong; nothing is sent
    }
    const remark = values.remark?.trim();
    try {
      await requestPartnerIp({ ip: values.ip.trim(), ...(remark ? { remark } : {}) });
    } catch {
      return; // the request layer toasted why (already listed, limit, ...); the dialog stays open
    }
    toast.success(t('added_successfully'));
    onSaved();
  };

  return (
    <Modal
      open={open}
      title={t('ip_request')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'ip-form-submit' }}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      width={480}
      data-testid="ip-form"
    >
      <Form form={form} layout="vertical" requiredMark={false} name="ip-request">
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
      </Form>
    </Modal>
  );
}
