import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/hooks/usePublicConfig';

/**
 * Registration and password reset need server endpoints that arrive in the next release, so
 * instead of forms that cannot work the tab says so and gives the real support address.
 */
export default function SoonPanel({ kind, onBack }: { kind: 'register' | 'reset'; onBack?: () => void }) {
  const { t } = useTranslation();
  const { supportEmail } = usePublicConfig();
  const contact = supportEmail ? (
    <Typography.Link href={`mailto:${supportEmail}`} data-testid="support-email">
      {supportEmail}
    </Typography.Link>
  ) : (
    t('support_unknown')
  );
  const [before, after] = t(kind === 'register' ? 'register_soon_desc' : 'reset_soon_desc', { email: '\u0000' }).split('\u0000');
  return (
    <Result
      status="info"
      className="coffer-soon-panel"
      data-testid={`${kind}-soon`}
      title={t(kind === 'register' ? 'register_soon_title' : 'reset_soon_title')}
      subTitle={
        <span>
          {before}
          {contact}
          {after}
        </span>
      }
      extra={
        onBack && (
          <Button onClick={onBack} data-testid="back-to-login">
            {t('back_to_login')}
          </Button>
        )
      }
    />
  );
}
