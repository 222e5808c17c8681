import { Result, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/locales';
import { menuTitle, type PageRoute } from '@/router/menus';

/**
 * Every menu screen that is not built yet. Honest on purpose: a custody console must never show
 * invented balances or orders, so the page says the screen arrives later and shows nothing else.
 */
export default function ComingSoonPage({ route }: { route: PageRoute }) {
  const { t, i18n } = useTranslation();
  const title = menuTitle(route.titles, i18n.language as Language);
  return (
    <div className="coffer-card" data-testid="coming-soon" data-menu-id={route.menuId}>
      <Result
        icon={<ClockCircleOutlined className="coffer-soon-icon" />}
        title={t('coming_soon_title', { title })}
        subTitle={<Typography.Text type="secondary">{t('coming_soon_desc')}</Typography.Text>}
      />
    </div>
  );
}
