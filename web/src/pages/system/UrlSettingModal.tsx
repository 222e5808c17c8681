import { useEffect, useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/utils/feedback';
import { ServerError } from '@/components/FormModal';
import { refusal } from './shared';
import { isCallbackUrl } from './systemRules';
import type { UrlSetting } from './urlSettings';

interface UrlSettingModalProps {
  /** Which address: the callback address (80402) or the risk-control address (80403). */
  setting: UrlSetting;
  open: boolean;
  /** The address stored now ("" when none). */
  current: string;
  onClose: () => void;
  /** The stored (normalised) address after a save; "" after clearing. */
  onSaved: (url: string) => void;
}

/**
 * Set or clear the callback or risk-control address. The address is checked here like the
 * server does (http/https with a host, no user or password, no fragment, at most 512
 * characters); an empty field clears it, after a confirmation. The server's refusal is shown in
 * the dialog.
 */
export default function UrlSettingModal({ setting, open, current, onClose, onSaved }: UrlSettingModalProps) {
  const { t } = useTranslation();
  const { keys, prefix } = setting;
  const [form] = Form.useForm<{ url?: string }>();
  const [modal, confirmHolder] = Modal.useModal();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) form.setFieldsValue({ url: current });
  }, [open]); // once per opening

  const save = async (value: string) => {
    setError(null);
    let stored: string;
    try {
      stored = await setting.save(value);
    } catch (failure) {
      setError(refusal(failure));
      return;
    }
    toast.success(value ? t('saved_successfully') : t(keys.cleared));
    onSaved(stored);
  };

  const submit = async () => {
    let value: string;
    try {
      value = ((await form.validateFields()).url ?? '').trim();
    } catch {
      return; // the field says what is wrong; nothing is sent
    }
    if (value) {
      await save(value);
      return;
    }
    if (!current) {
      onClose(); // nothing set, nothing to clear
      return;
    }
    modal.confirm({
      title: t(keys.clearConfirm),
      content: t(keys.clearWarning),
      okText: t('sure'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': `${prefix}-clear-sure` },
      cancelButtonProps: { 'data-testid': `${prefix}-clear-cancel` },
      onOk: () => save(''),
    });
  };

  return (
    <Modal
      open={open}
      title={t(keys.title)}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={submit}
      okButtonProps={{ 'data-testid': `${prefix}-url-submit` }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      destroyOnHidden
      width={560}
      data-testid={`${prefix}-url-modal`}
    >
      {confirmHolder}
      <Typography.Paragraph type="secondary">{t(keys.editTip)}</Typography.Paragraph>
      <ServerError message={error} testId={`${prefix}-url-error`} />
      <Form form={form} layout="vertical" requiredMark={false} name={`${prefix}-url`} onValuesChange={() => setError(null)}>
        <Form.Item
          name="url"
          label={t(keys.title)}
          extra={t('sys_callback_clear_hint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || isCallbackUrl(value) ? Promise.resolve() : Promise.reject(new Error(t(keys.invalid))),
            },
          ]}
        >
          <Input
            allowClear
            autoComplete="off"
            inputMode="url"
            placeholder={setting.placeholder}
            data-testid={`${prefix}-url-input`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
