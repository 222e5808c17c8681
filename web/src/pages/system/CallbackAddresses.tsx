import { useState } from 'react';
import { LinkOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AttemptResult } from '@/api/callbacks';
import { noteCallbackUrl } from '@/store/callbackAddress';
import { useApiSettings } from './shared';
import { TestCallbackButton, TestCallbackResult } from './TestCallback';
import UrlSettingLine from './UrlSettingLine';
import { CALLBACK_URL, RISK_URL, type UrlSetting } from './urlSettings';

/**
 * System › Callback's two addresses (804), read once from `/secret`, one line each above the
 * callback log: where the signed callbacks go (callbackUrl; Set / Edit and the test callback
 * need 80402; without one, callbacks wait) and the risk-control address (riskUrl, 80403): within
 * a token's risk limits a withdrawal passes on its own only when it answers code 0; without one
 * such withdrawals pass without asking.
 */
export default function CallbackAddresses() {
  const { t } = useTranslation();
  const { settings, setSettings, loading } = useApiSettings();
  const [testResult, setTestResult] = useState<AttemptResult | null>(null);

  const urlOf = (setting: UrlSetting) => (settings ? settings[setting.field] ?? '' : undefined);
  const onSaved = (setting: UrlSetting) => (stored: string) => {
    setSettings((current) => (current ? { ...current, [setting.field]: stored } : current));
    if (setting.field === 'callbackUrl') {
      noteCallbackUrl(stored);
      setTestResult(null); // it was the old address's
    }
  };

  return (
    <div className="coffer-url-settings" data-testid="callback-addresses">
      <UrlSettingLine
        setting={CALLBACK_URL}
        icon={<LinkOutlined />}
        url={urlOf(CALLBACK_URL)}
        loading={loading}
        actions={<TestCallbackButton onResult={setTestResult} />}
        onSaved={onSaved(CALLBACK_URL)}
      />
      <UrlSettingLine
        setting={RISK_URL}
        icon={<SafetyOutlined />}
        url={urlOf(RISK_URL)}
        loading={loading}
        tipExtra={<span data-testid="risk-url-rule">{t('risk_url_rule')}</span>}
        onSaved={onSaved(RISK_URL)}
      />
      {testResult && (
        <div className="coffer-url-result">
          <TestCallbackResult result={testResult} onClose={() => setTestResult(null)} />
        </div>
      )}
    </div>
  );
}
