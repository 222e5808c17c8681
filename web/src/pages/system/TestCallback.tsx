import { useState } from 'react';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AccessControl from '@/components/AccessControl';
import { testCallback, type AttemptResult } from '@/api/callbacks';
import { PERMISSIONS } from '@/router/permissions';
import { reasonText } from '@/pages/orders/attemptResult';

/**
 * "Send test callback" on System › Callback (80402, the button that edits
 * the address): a signed `ping` to the saved address, then how the server replied (HTTP status,
 * reply code, latency, whether it was accepted, the start of the reply).
 */
export default function TestCallback() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AttemptResult | null>(null);

  const send = async () => {
    setBusy(true);
    try {
      setResult(await testCallback());
    } catch {
      setResult(null); // the request layer told the user
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccessControl menuId={PERMISSIONS.callbackUrlSet}>
      <Space direction="vertical" size={8} className="coffer-full">
        <Space wrap>
          <Button size="small" icon={<ApiOutlined />} loading={busy} onClick={() => void send()} data-testid="callback-test">
            {t('cb_test_send')}
          </Button>
          <Typography.Text type="secondary">{t('cb_test_tip')}</Typography.Text>
        </Space>
        {result && (
          <Alert
            type={result.success ? 'success' : 'error'}
            showIcon
            data-testid="callback-test-result"
            message={result.success ? t('cb_test_accepted') : t('cb_test_refused', { reason: reasonText(t, result) })}
            description={
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('cb_test_http')}>
                  <span data-testid="callback-test-http">{result.httpStatus ?? '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('cb_test_code')}>
                  <span data-testid="callback-test-code">{result.replyCode === null || result.replyCode === undefined ? '—' : JSON.stringify(result.replyCode)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('cb_test_latency')}>{t('cb_test_latency_ms', { ms: result.latencyMs })}</Descriptions.Item>
                {result.response && (
                  <Descriptions.Item label={t('cb_test_reply')}>
                    <Typography.Text code className="coffer-sys-wrap" data-testid="callback-test-reply">
                      {result.response}
                    </Typography.Text>
                  </Descriptions.Item>
                )}
              </Descriptions>
            }
          />
        )}
      </Space>
    </AccessControl>
  );
}
