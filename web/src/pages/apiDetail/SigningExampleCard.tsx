import { Alert, Card, Collapse, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serviceOrigin } from './ApiIntro';
import { CodeBlock } from './Markdown';
import {
  EXAMPLE_BODY,
  EXAMPLE_BODY_SHA256,
  EXAMPLE_CANONICAL,
  EXAMPLE_METHOD,
  EXAMPLE_NONCE,
  EXAMPLE_PATH,
  EXAMPLE_SIGNATURE,
  EXAMPLE_TIMESTAMP,
  OPENSSL_BASE_LINE,
  OPENSSL_SCRIPT,
  OPENSSL_VERIFY,
  SAMPLE_PRIVATE_KEY,
  SAMPLE_PUBLIC_KEY,
} from './signingExample';
import { nodeSignSnippet } from './snippets';

const Label = ({ children }: { children: string }) => (
  <Typography.Title level={5} className="coffer-gap">
    {children}
  </Typography.Title>
);

/** The worked example of docs/merchant-api.md, value for value, plus openssl and Node code. */
export default function SigningExampleCard() {
  const { t } = useTranslation();
  const origin = serviceOrigin();
  // The doc's script names a local server; here it names this service.
  const script = OPENSSL_SCRIPT.replace(OPENSSL_BASE_LINE, `BASE='${origin}'`);
  return (
    <Card className="coffer-card coffer-gap-bottom" title={t('api_detail_example_title')} data-testid="api-detail-example">
      <Typography.Paragraph>{t('api_detail_example_intro')}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('api_detail_example_request')}>
          <Typography.Text code data-testid="example-request">{`${EXAMPLE_METHOD} ${EXAMPLE_PATH}`}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('api_detail_example_body')}>
          <Typography.Text code copyable data-testid="example-body">
            {EXAMPLE_BODY}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('api_detail_example_timestamp')}>
          <Typography.Text code data-testid="example-timestamp">
            {EXAMPLE_TIMESTAMP}
          </Typography.Text>{' '}
          (2026-11-22T08:00:00Z)
        </Descriptions.Item>
        <Descriptions.Item label={t('api_detail_example_nonce')}>
          <Typography.Text code data-testid="example-nonce">
            {EXAMPLE_NONCE}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="BODY_SHA256">
          <Typography.Text code copyable data-testid="example-body-sha256">
            {EXAMPLE_BODY_SHA256}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>

      <Label>{t('api_detail_example_canonical')}</Label>
      <CodeBlock code={EXAMPLE_CANONICAL} testId="example-canonical" />
      <Label>{t('api_detail_example_signature')}</Label>
      <CodeBlock code={EXAMPLE_SIGNATURE} testId="example-signature" />

      <Label>{t('api_detail_example_openssl')}</Label>
      <CodeBlock code={script} testId="example-openssl" />
      <Alert type="warning" showIcon className="coffer-gap-bottom" message={t('api_detail_example_openssl_tip')} />
      <Typography.Text strong>{t('api_detail_example_verify')}</Typography.Text>
      <CodeBlock code={OPENSSL_VERIFY} testId="example-openssl-verify" />

      <Label>{t('api_detail_example_node')}</Label>
      <CodeBlock code={nodeSignSnippet(origin)} testId="example-node" />

      <Collapse
        items={[
          {
            key: 'keys',
            label: t('api_detail_sample_keys'),
            children: (
              <>
                <Typography.Text strong>{t('text_with_note', { text: t('api_detail_sample_private'), note: 'sample.key' })}</Typography.Text>
                <CodeBlock code={SAMPLE_PRIVATE_KEY} testId="example-private-key" />
                <Typography.Text strong>{t('text_with_note', { text: t('api_detail_sample_public'), note: 'merchant.pub' })}</Typography.Text>
                <CodeBlock code={SAMPLE_PUBLIC_KEY} testId="example-public-key" />
              </>
            ),
          },
        ]}
        data-testid="example-keys"
      />
    </Card>
  );
}
