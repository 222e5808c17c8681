import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Shown for Coffer screens the user's role does not include, and at /404. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="coffer-card" data-testid="not-found">
      <Result
        status="404"
        title={t('not_found_title')}
        subTitle={t('not_found_desc')}
        extra={
          <Button type="primary" onClick={() => navigate('/')} data-testid="back-home">
            {t('back_home')}
          </Button>
        }
      />
    </div>
  );
}
