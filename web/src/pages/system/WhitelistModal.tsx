import { useEffect } from 'react';
import { Button, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { editAllowIps, type AllowIp } from '@/api/system';
import { isIpAddress } from '@/pages/account/ipRules';
import { toast } from '@/utils/feedback';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { refusal } from './shared';
import { WHITELIST_LIMIT, whitelistEntries } from './systemRules';

interface WhitelistModalProps {
  open: boolean;
  /** The list stored now, oldest first. */
  current: readonly AllowIp[];
  onClose: () => void;
  /** The list as stored (canonical, repeats dropped). */
  onSaved: (list: AllowIp[]) => void;
}

const DIALOG: DialogSpec = { name: 'whitelist', titleKey: 'sys_whitelist_edit', okKey: 'save', width: 520, testId: 'whitelist-modal' };

/**
 * Edit the whole whitelist (80501): one IPv4 or IPv6 address per row, at most 10 rows, checked
 * here before anything is sent; blank rows are left out. The server stores each address in its
 * canonical form and drops repeats.
 */
export default function WhitelistModal({ open, current, onClose, onSaved }: WhitelistModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ ips: string[] }>();

  useEffect(() => {
    if (open) form.setFieldsValue({ ips: current.length ? current.map((entry) => entry.ip) : [''] });
  }, [open]); // once per opening

  const submit = async (values: { ips: string[] }) => {
    const ips = whitelistEntries(values.ips ?? []);
    if (ips.length > WHITELIST_LIMIT) return; // cannot happen through the form: rows stop at 10
    const saved = await editAllowIps(ips);
    toast.success(t('saved_successfully'));
    onSaved(saved);
  };

  return (
    <FormModal
      spec={DIALOG}
      open={open}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      refusal={{ testId: 'whitelist-error', message: refusal }}
      intro={<Typography.Paragraph type="secondary">{t('sys_whitelist_edit_tip')}</Typography.Paragraph>}
    >
      <Form.List name="ips">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" className="coffer-sys-row" data-testid="whitelist-row">
                <Form.Item
                  name={field.name}
                  className="coffer-sys-row-input"
                  rules={[
                    {
                      validator: (_, value: string | undefined) =>
                        !value?.trim() || isIpAddress(value) ? Promise.resolve() : Promise.reject(new Error(t('ip_invalid'))),
                    },
                  ]}
                >
                  <Input autoComplete="off" placeholder="203.0.113.7 / 2001:db8::1" data-testid={`whitelist-ip-${index}`} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('sys_remove_row')} data-testid={`whitelist-remove-${index}`} />
              </Space>
            ))}
            <Space wrap>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= WHITELIST_LIMIT}
                onClick={() => fields.length < WHITELIST_LIMIT && add('')}
                data-testid="whitelist-add-row"
              >
                {t('sys_add_row')}
              </Button>
              <Typography.Text type={fields.length >= WHITELIST_LIMIT ? 'warning' : 'secondary'} data-testid="whitelist-rows">
                {fields.length >= WHITELIST_LIMIT ? t('sys_whitelist_limit') : `${fields.length} / ${WHITELIST_LIMIT}`}
              </Typography.Text>
            </Space>
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
