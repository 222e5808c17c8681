import { Alert, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '@/router/catalogue';
import { MERCHANT_API_BASE, OPENAPI_PATH, type OpenApiDocument } from '@/api/apiDetail';
import type { TranslationKey } from '@/locales/types';
import Markdown, { CodeBlock } from './Markdown';
import { authHeaders, type HeaderRow } from './openapi';

/** The origin the console runs on: the merchant API is served by the same service. */
export const serviceOrigin = (): string => window.location.origin;

const KEYGEN = `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out merchant.key
openssl pkey -in merchant.key -pubout -out merchant.pub    # upload this file's text`;

/** Title, base URL, and the steps before the first call, with links to the screens involved. */
export function ApiIntroCard({ doc }: { doc: OpenApiDocument }) {
  const { t } = useTranslation();
  const baseUrl = `${serviceOrigin()}${MERCHANT_API_BASE}`;
  const steps: Array<{ key: TranslationKey; links: Array<[path: string, label: TranslationKey]>; code?: string }> = [
    { key: 'api_detail_step_google', links: [['/personal', 'api_detail_go_personal']] },
    { key: 'api_detail_step_rsa', links: [[PATHS.apiKey, 'api_detail_go_api_key']], code: KEYGEN },
    { key: 'api_detail_step_key', links: [[PATHS.apiKey, 'api_detail_go_api_key']] },
    {
      key: 'api_detail_step_whitelist',
      links: [
        [PATHS.whitelist, 'api_detail_go_whitelist'],
        [PATHS.ipList, 'api_detail_go_ip_list'],
      ],
    },
    { key: 'api_detail_step_callback', links: [[PATHS.callbacks, 'api_detail_go_callback']] },
  ];
  return (
    <Card
      className="coffer-card coffer-gap-bottom"
      title={
        <Space>
          {doc.info?.title || t('api_detail_intro_title')}
          <Tag data-testid="api-detail-version">
            {t('api_detail_version')} {doc.info?.version}
          </Tag>
        </Space>
      }
      data-testid="api-detail-intro"
    >
      <Typography.Paragraph>{t('api_detail_intro')}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered className="coffer-gap-bottom">
        <Descriptions.Item label={t('api_detail_base_url')}>
          <Typography.Text copyable code data-testid="api-detail-base-url">
            {baseUrl}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('api_detail_openapi_doc')}>
          <a href={OPENAPI_PATH} target="_blank" rel="noreferrer" data-testid="api-detail-openapi-link">
            {`${serviceOrigin()}${OPENAPI_PATH}`}
          </a>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('api_detail_setup_title')}</Typography.Title>
      <ol data-testid="api-detail-steps">
        {steps.map((step) => (
          <li key={step.key}>
            {t(step.key)}{' '}
            {step.links.map(([to, label], index) => (
              <Link key={to} to={to} className="coffer-link" style={index ? { marginLeft: 12 } : undefined} data-testid={`api-detail-link-${to.split('/').pop()}`}>
                {t(label)}
              </Link>
            ))}
            {step.code && <CodeBlock code={step.code} />}
          </li>
        ))}
      </ol>
      <Alert type="info" showIcon message={t('api_detail_envelope')} />
    </Card>
  );
}

/** The four signed headers (from the document) and the canonical string they sign. */
export function ApiAuthCard({ doc }: { doc: OpenApiDocument }) {
  const { t } = useTranslation();
  const columns: ColumnsType<HeaderRow> = [
    { title: t('api_detail_header'), dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    {
      title: t('api_detail_required'),
      dataIndex: 'required',
      key: 'required',
      render: (required: boolean) => <Tag color={required ? 'red' : 'default'}>{t(required ? 'api_detail_required' : 'api_detail_optional')}</Tag>,
    },
    { title: t('api_detail_description'), dataIndex: 'description', key: 'description' },
    { title: t('api_detail_rules'), dataIndex: 'rules', key: 'rules', render: (rules: string) => rules || '—' },
    { title: t('api_detail_example'), dataIndex: 'example', key: 'example', render: (value: string) => (value ? <Typography.Text code>{value}</Typography.Text> : '—') },
  ];
  return (
    <Card className="coffer-card coffer-gap-bottom" title={t('api_detail_auth_title')} data-testid="api-detail-auth">
      <Typography.Paragraph>{t('api_detail_auth_intro')}</Typography.Paragraph>
      <Table<HeaderRow>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={authHeaders(doc)}
        columns={columns}
        scroll={{ x: 'max-content' }}
        className="coffer-gap-bottom"
        onRow={(row) => ({ 'data-testid': `auth-header-${row.name}` }) as object}
      />
      <Typography.Title level={5}>{t('api_detail_canonical_title')}</Typography.Title>
      <Typography.Paragraph>{t('api_detail_canonical_intro')}</Typography.Paragraph>
      <CodeBlock code={['METHOD', 'PATH', 'TIMESTAMP', 'NONCE', 'BODY_SHA256'].join('\n')} copyable={false} />
      <ul>
        {(['api_detail_canonical_method', 'api_detail_canonical_path', 'api_detail_canonical_ts_nonce', 'api_detail_canonical_body'] satisfies TranslationKey[]).map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      {doc.info?.description && (
        <>
          <Typography.Title level={5}>{t('api_detail_doc_text')}</Typography.Title>
          <Markdown source={doc.info.description} testId="api-detail-doc-description" />
        </>
      )}
    </Card>
  );
}
