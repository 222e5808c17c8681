import { useEffect } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addAsset, editAsset, type Asset } from '@/api/assets';
import type { ChainNode } from '@/api/types';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { toast } from '@/utils/feedback';
import AssetSettingsFields from './AssetSettingsFields';
import { assetToValues, defaultAssetValues, valuesToBody, type AssetFormValues } from './assetForm';
import { chainById } from './tokenRules';

/** Decimals assumed when neither the asset nor home/config names them: the server still checks. */
const FALLBACK_DECIMALS = 18;

interface AssetFormModalProps {
  /** null: closed; 'add': enable a token; an asset: edit its settings. */
  target: 'add' | Asset | null;
  /** The merchant's assets: a token is added once, so those are disabled in the select. */
  assets: readonly Asset[];
  chains: readonly ChainNode[];
  onClose: () => void;
  onSaved: () => void;
}

const DIALOG: DialogSpec = { name: 'asset-form', width: 680, testId: 'asset-form' };

/** Add a token (20101, /asset/add_v2) or edit one (20102, /asset/edit). */
export default function AssetFormModal({ target, assets, chains, onClose, onSaved }: AssetFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AssetFormValues>();
  const editing = target !== null && target !== 'add' ? target : null;
  const pickedChain = Form.useWatch('chainId', form);
  const pickedToken = Form.useWatch('tokenId', form);
  const chainId = editing ? editing.chainId : pickedChain;
  const chain = chainById(chains, chainId);
  const tokenConfig = chain?.tokens.find((token) => token.tokenid === pickedToken);
  const decimals = editing?.decimals ?? tokenConfig?.decimals ?? FALLBACK_DECIMALS;

  useEffect(() => {
    if (target === null) return;
    form.setFieldsValue(editing ? assetToValues(editing) : defaultAssetValues());
  }, [target]); // once per opening

  const added = new Set(assets.map((asset) => `${asset.chainId}:${asset.tokenId}`));
  const tokenOptions = (chain?.tokens ?? []).map((token) => {
    const taken = added.has(`${chain!.chainid}:${token.tokenid}`);
    return { value: token.tokenid, label: taken ? t('text_with_note', { text: token.symbol, note: t('token_already_added') }) : token.symbol, disabled: taken };
  });

  const submit = async (checked: AssetFormValues) => {
    // Hidden fields (the start time in interval mode) keep their values and are sent as well.
    const values: AssetFormValues = { ...form.getFieldsValue(true), ...checked };
    const body = valuesToBody(values);
    if (editing) await editAsset({ id: editing.id, ...body });
    else await addAsset({ chainId: values.chainId!, tokenId: values.tokenId!, ...body });
    toast.success(t(editing ? 'edited_successfully' : 'added_successfully'));
    onSaved();
  };

  return (
    <FormModal
      spec={DIALOG}
      open={target !== null}
      title={editing ? `${t('token_edit')} · ${editing.symbol} (${editing.chainname})` : t('token_add')}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      formProps={{ initialValues: defaultAssetValues() }}
    >
      {!editing && (
        <div className="coffer-settings-grid">
          <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('token_choose_chain') }]}>
            <Select
              options={chains.map((node) => ({ value: node.chainid, label: node.chainname }))}
              placeholder={t('chain')}
              onChange={() => form.setFieldsValue({ tokenId: undefined, paymentAddress: undefined })}
              data-testid="asset-form-chain"
            />
          </Form.Item>
          <Form.Item name="tokenId" label={t('token')} rules={[{ required: true, message: t('token_choose_token') }]}>
            <Select options={tokenOptions} disabled={!chain} placeholder={t('token')} data-testid="asset-form-token" />
          </Form.Item>
        </div>
      )}
      <AssetSettingsFields form={form} chainId={chainId} decimals={decimals} />
    </FormModal>
  );
}
