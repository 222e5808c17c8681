import { useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { platformKey, type PlatformKey } from '@/api/apiDetail';
import { useAccess } from '@/hooks/useAccess';
import { PAGES } from '@/router/permissions';
import { CodeBlock } from './Markdown';
import { CALLBACK_HEADERS, CALLBACK_SIGNING_STRING, OPENSSL_CALLBACK_VERIFY, PUBLIC_KEY_PLACEHOLDER, nodeVerifySnippet } from './snippets';

/** `/api/partner/secret` answers roles holding the API key or the callback page. */
const SECRET_PAGES = [PAGES.apiKey, PAGES.callbacks];

type KeyState = { kind: 'loading' } | { kind: 'loaded'; key: PlatformKey } | { kind: 'unavailable' };

function usePlatformKey(allowed: boolean): KeyState {
  const [state, setState] = useState<KeyState>(allowed ? { kind: 'loading' } : { kind: 'unavailable' });
  useEffect(() => {
    if (!allowed) {
      setState({ kind: 'unavailable' });
      return;
    }
    let alive = true;
    setState({ kind: 'loading' });
    platformKey()
      .then((answer) =>
        alive && setState(answer?.platformPublicKey ? { kind: 'loaded', key: answer } : { kind: 'unavailable' }),
      )
      // Silent call: a refusal (10403) or a failure leaves the link to the API key screen.
      .catch(() => alive && setState({ kind: 'unavailable' }));
    return () => {
      alive = false;
    };
  }, [allowed]);
  return state;
}

/** How a merchant checks that a callback comes from Coffer, with the platform public key. */
export default function CallbackVerifyCard() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const state = usePlatformKey(SECRET_PAGES.some((page) => hasPermission(page)));

  return (
    <Card className="coffer-card coffer-gap-bottom" title={t('api_detail_callbacks_title')} data-testid="api-detail-callbacks">
      <Typography.Paragraph>{t('api_detail_callbacks_intro')}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered className="coffer-gap-bottom">
        {CALLBACK_HEADERS.map((header) => (
          <Descriptions.Item key={header.name} label={<Typography.Text code>{header.name}</Typography.Text>}>
            <span data-testid={`cb-header-${header.name}`}>{t(header.key)}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>

      <Typography.Title level={5}>{t('api_detail_cb_signing')}</Typography.Title>
      <CodeBlock code={CALLBACK_SIGNING_STRING} copyable={false} testId="cb-signing-string" />
      <Typography.Paragraph type="secondary">{t('api_detail_cb_signing_tip')}</Typography.Paragraph>

      <Typography.Title level={5}>{t('api_detail_platform_key')}</Typography.Title>
      {state.kind === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
      {state.kind === 'unavailable' && (
        <Alert
          type="info"
          showIcon
          className="coffer-gap-bottom"
          message={t('api_detail_platform_key_unavailable')}
          description={<Link to="/system/api-key">{t('api_detail_go_api_key')}</Link>}
          data-testid="platform-key-unavailable"
        />
      )}
      {state.kind === 'loaded' && (
        <>
          <Typography.Paragraph>
            {t('label_colon', { label: t('api_detail_platform_key_id') })}{' '}
            <Typography.Text code data-testid="platform-key-id">
              {state.key.platformKeyId}
            </Typography.Text>
          </Typography.Paragraph>
          <CodeBlock code={state.key.platformPublicKey} testId="platform-public-key" />
        </>
      )}

      <Typography.Text strong>{t('api_detail_cb_openssl')}</Typography.Text>
      <CodeBlock code={OPENSSL_CALLBACK_VERIFY} testId="cb-openssl" />
      <Typography.Text strong>{t('api_detail_cb_node')}</Typography.Text>
      <CodeBlock
        code={nodeVerifySnippet(state.kind === 'loaded' ? state.key.platformPublicKey.trim() : PUBLIC_KEY_PLACEHOLDER)}
        testId="cb-node"
      />
    </Card>
  );
}
