import { useEffect } from 'react';
import { Button, Form } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { editAsset, type Asset } from '@/api/assets';
import { useAccess } from '@/hooks/useAccess';
import { PERMISSIONS } from '@/router/permissions';
import { toast } from '@/utils/feedback';
import AssetSettingsFields from '../AssetSettingsFields';
import { assetToValues, valuesToBody, type AssetFormValues } from '../assetForm';

/** Set tab: the token's settings inline (the edit form); read-only without 20102. */
export default function SetTab({ asset, onSaved }: { asset: Asset; onSaved: () => void }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const canEdit = hasPermission(PERMISSIONS.tokenEdit);
  const [form] = Form.useForm<AssetFormValues>();

  useEffect(() => form.setFieldsValue(assetToValues(asset)), [asset]);

  const save = async (values: AssetFormValues) => {
    try {
      // Hidden fields (the start time in interval mode) keep their values and are sent as well.
      await editAsset({ id: asset.id, ...valuesToBody({ ...form.getFieldsValue(true), ...values }) });
    } catch {
      return;
    }
    toast.success(t('edited_successfully'));
    onSaved();
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} name="asset-set" initialValues={assetToValues(asset)} onFinish={save} className="coffer-set-form">
      <AssetSettingsFields form={form} chainId={asset.chainId} decimals={asset.decimals} disabled={!canEdit} />
      {canEdit && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} data-testid="asset-set-save">
          {t('save')}
        </Button>
      )}
    </Form>
  );
}
