import { Card, Collapse, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OpenApiErrorCode } from '@/api/apiDetail';
import Markdown, { CodeBlock, InlineMarkdown } from './Markdown';
import type { FieldRow, HeaderRow, OperationView } from './openapi';
import { EMPTY_BODY_SHA256 } from './signingExample';

const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', PATCH: 'purple', DELETE: 'red' };

const Section = ({ title }: { title: string }) => (
  <Typography.Title level={5} className="coffer-gap">
    {title}
  </Typography.Title>
);

function FieldsTable({ rows, testId }: { rows: FieldRow[]; testId: string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<FieldRow> = [
    { title: t('api_detail_field'), dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    { title: t('api_detail_type'), dataIndex: 'type', key: 'type', render: (type: string) => <span data-testid="field-type">{type}</span> },
    {
      title: t('api_detail_required'),
      dataIndex: 'required',
      key: 'required',
      render: (required: boolean) => (
        <Tag color={required ? 'red' : 'default'} data-testid="field-required">
          {t(required ? 'api_detail_required' : 'api_detail_optional')}
        </Tag>
      ),
    },
    { title: t('api_detail_rules'), dataIndex: 'rules', key: 'rules', render: (rules: string) => rules || '—' },
    { title: t('api_detail_description'), dataIndex: 'description', key: 'description', render: (text: string) => (text ? <InlineMarkdown text={text} /> : '—') },
    { title: t('api_detail_example'), dataIndex: 'example', key: 'example', render: (value: string) => (value ? <Typography.Text code>{value}</Typography.Text> : '—') },
  ];
  return (
    <Table<FieldRow>
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      onRow={(row) => ({ 'data-testid': `field-${row.name}` }) as object}
    />
  );
}

export function ErrorCodesTable({ codes }: { codes: readonly OpenApiErrorCode[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<OpenApiErrorCode> = [
    { title: t('api_detail_code'), dataIndex: 'code', key: 'code', render: (code: number) => <Typography.Text code>{code}</Typography.Text> },
    { title: t('api_detail_code_name'), dataIndex: 'name', key: 'name' },
    { title: t('api_detail_code_when'), dataIndex: 'when', key: 'when', render: (text: string) => (text ? <InlineMarkdown text={text} /> : '—') },
  ];
  return (
    <Table<OpenApiErrorCode>
      rowKey="code"
      size="small"
      pagination={false}
      dataSource={codes as OpenApiErrorCode[]}
      columns={columns}
      scroll={{ x: 'max-content' }}
      onRow={(row) => ({ 'data-testid': `error-code-${row.code}` }) as object}
    />
  );
}

function HeadersTable({ rows }: { rows: HeaderRow[] }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered>
      {rows.map((row) => (
        <Descriptions.Item key={row.name} label={<Typography.Text code>{row.name}</Typography.Text>}>
          {row.description}
          {row.rules ? ` (${row.rules})` : ''}
          {row.required ? '' : ` — ${t('api_detail_optional')}`}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** One operation: what it does, its headers, body fields, answer and error codes. */
export function OperationPanel({ op, codes }: { op: OperationView; codes: readonly OpenApiErrorCode[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`api-op-body-${op.operationId || op.key}`}>
      <Descriptions column={1} size="small" bordered>
        {op.operationId && <Descriptions.Item label={t('api_detail_operation_id')}>{op.operationId}</Descriptions.Item>}
        <Descriptions.Item label={t('api_detail_auth')}>
          <span data-testid="op-auth">{t(op.signed ? 'api_detail_auth_signed' : 'api_detail_auth_none')}</span>
        </Descriptions.Item>
        {op.description && (
          <Descriptions.Item label={t('api_detail_description')}>
            <Markdown source={op.description} testId="op-description" />
          </Descriptions.Item>
        )}
      </Descriptions>

      {op.headers.length > 0 && (
        <>
          <Section title={t('api_detail_headers')} />
          <HeadersTable rows={op.headers} />
        </>
      )}

      {(op.signed || op.bodyFields.length > 0) && <Section title={t('api_detail_request_body')} />}
      {op.bodyFields.length > 0 ? (
        <>
          {op.bodyDescription && (
            <Typography.Paragraph>
              <InlineMarkdown text={op.bodyDescription} />
            </Typography.Paragraph>
          )}
          <FieldsTable rows={op.bodyFields} testId="op-body-fields" />
          <Typography.Text strong>{t('api_detail_request_example')}</Typography.Text>
          <CodeBlock code={op.bodyExample} testId="op-body-example" />
        </>
      ) : (
        op.signed && (
          <Typography.Paragraph type="secondary" data-testid="op-no-body">
            {t('api_detail_no_body')} <Typography.Text code>{EMPTY_BODY_SHA256}</Typography.Text>
          </Typography.Paragraph>
        )
      )}

      <Section title={t('api_detail_response')} />
      {op.responseDescription && (
        <Typography.Paragraph>
          <InlineMarkdown text={op.responseDescription} />
        </Typography.Paragraph>
      )}
      {op.responseFields.length > 0 && (
        <>
          <Typography.Text strong>{t('api_detail_response_fields')}</Typography.Text>
          <FieldsTable rows={op.responseFields} testId="op-response-fields" />
        </>
      )}
      {op.responseExample && (
        <>
          <Typography.Text strong>{t('api_detail_response_example')}</Typography.Text>
          <CodeBlock code={op.responseExample} testId="op-response-example" />
        </>
      )}

      {op.signed && codes.length > 0 && (
        <>
          <Section title={t('api_detail_error_codes')} />
          <ErrorCodesTable codes={codes} />
        </>
      )}
    </div>
  );
}

/** One collapsible section per operation of the document. */
export function ApiOperationsCard({ ops, codes }: { ops: OperationView[]; codes: readonly OpenApiErrorCode[] }) {
  const { t } = useTranslation();
  return (
    <Card
      className="coffer-card coffer-gap-bottom"
      title={t('api_detail_operations_title')}
      extra={<Tag data-testid="api-op-count">{ops.length}</Tag>}
      data-testid="api-detail-operations"
    >
      <Collapse
        items={ops.map((op) => ({
          key: op.key,
          label: (
            <Space wrap data-testid={`api-op-${op.operationId || op.key}`} data-path={op.path} data-method={op.method}>
              <Tag color={METHOD_COLORS[op.method] ?? 'default'} className="coffer-nowrap">
                {op.method}
              </Tag>
              <Typography.Text code data-testid="api-op-path">
                {op.path}
              </Typography.Text>
              <span>{op.summary}</span>
            </Space>
          ),
          children: <OperationPanel op={op} codes={codes} />,
        }))}
      />
    </Card>
  );
}
