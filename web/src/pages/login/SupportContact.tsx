import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/hooks/usePublicConfig';

/** A sentence holding the support address from configKey `supportEmail`, as a mailto link. */
export default function SupportContact({ messageKey }: { messageKey: 'register_support' }) {
  const { t } = useTranslation();
  const { supportEmail } = usePublicConfig();
  const contact = supportEmail ? (
    <Typography.Link href={`mailto:${supportEmail}`} data-testid="support-email">
      {supportEmail}
    </Typography.Link>
  ) : (
    t('support_unknown')
  );
  // Split around a marker so the link sits where each language puts the address.
  const [before, after] = t(messageKey, { email: '\u0000' }).split('\u0000');
  return (
    <span>
      {before}
      {contact}
      {after}
    </span>
  );
}
