import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fetchOpenApi, type OpenApiDocument } from '@/api/apiDetail';
import { ApiAuthCard, ApiIntroCard } from './ApiIntro';
import { ApiOperationsCard } from './ApiOperations';
import CallbackVerifyCard from './CallbackVerifyCard';
import SigningExampleCard from './SigningExampleCard';
import { errorCodes, operations } from './openapi';

type Load = { kind: 'loading' } | { kind: 'failed'; reason: string } | { kind: 'loaded'; doc: OpenApiDocument };

function Reference({ doc }: { doc: OpenApiDocument }) {
  const ops = useMemo(() => operations(doc), [doc]);
  const codes = useMemo(() => errorCodes(doc), [doc]);
  return (
    <>
      <ApiIntroCard doc={doc} />
      <ApiAuthCard doc={doc} />
      <ApiOperationsCard ops={ops} codes={codes} />
    </>
  );
}

/**
 * System › API detail (menu 801): the merchant API's OpenAPI document (`GET /merchant/v1/openapi.json`)
 * as a readable reference, the worked signing example, and how to verify callbacks.
 */
export default function ApiDetailPage() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const run = useRef(0);

  const fetchDoc = useCallback(() => {
    const current = ++run.current;
    setLoad({ kind: 'loading' });
    fetchOpenApi()
      .then((doc) => current === run.current && setLoad({ kind: 'loaded', doc }))
      .catch((error: unknown) => current === run.current && setLoad({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) }));
  }, []);

  useEffect(() => {
    fetchDoc();
    return () => {
      run.current += 1; // answers after unmount are dropped
    };
  }, [fetchDoc]);

  return (
    <div data-testid="api-detail-page">
      {load.kind === 'loading' && <Card className="coffer-card coffer-gap-bottom" title={t('api_detail_title')} loading data-testid="api-detail-loading" />}
      {load.kind === 'failed' && (
        <Card className="coffer-card coffer-gap-bottom" title={t('api_detail_title')}>
          <Alert
            type="error"
            showIcon
            message={t('api_detail_load_failed')}
            description={load.reason}
            action={
              <Button icon={<ReloadOutlined />} onClick={fetchDoc} data-testid="api-detail-retry">
                {t('api_detail_retry')}
              </Button>
            }
            data-testid="api-detail-error"
          />
        </Card>
      )}
      {load.kind === 'loaded' && <Reference doc={load.doc} />}
      {/* Neither needs the document: they stay useful while it cannot be read. */}
      <SigningExampleCard />
      <CallbackVerifyCard />
    </div>
  );
}
