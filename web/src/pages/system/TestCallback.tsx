import { useState } from 'react';
import { Alert, Button, Descriptions, Tooltip, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AccessControl from '@/components/AccessControl';
import { testCallback, type AttemptResult } from '@/api/callbacks';
import { PERMISSIONS } from '@/router/permissions';
import { reasonText } from '@/pages/orders/attemptResult';

/**
 * "Send test callback" on System › Callback (80402, the button that edits the address): a
 * signed `ping` to the saved address; how the server replied goes to `onResult`.
 */
export function TestCallbackButton({ onResult }: { onResult: (result: AttemptResult | null) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      onResult(await testCallback());
    } catch {
      onResult(null); // the request layer told the user
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccessControl menuId={PERMISSIONS.callbackUrlSet}>
      <Tooltip title={t('cb_test_tip')}>
        <Button size="small" icon={<ApiOutlined />} loading={busy} onClick={() => void send()} data-testid="callback-test">
          {t('cb_test_send')}
        </Button>
      </Tooltip>
    </AccessControl>
  );
}

/** How the server replied to the test callback: HTTP status, reply code, latency, whether it was accepted, the start of the reply. */
export function TestCallbackResult({ result, onClose }: { result: AttemptResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={result.success ? 'success' : 'error'}
      showIcon
      closable
      onClose={onClose}
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
  );
}
