import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, isLanguage, type Language } from '@/locales';

// antd's Dropdown and Menu are a sizeable download the login page would not otherwise need: the
// menu is fetched by the first click on the button, and opens when it arrives.
const LanguageMenu = lazy(() => import('./LanguageMenu'));

/** Language menu used on the login page and in the header; the choice persists locally. */
export default function LanguageSwitcher({ testId = 'lang-switcher' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [menuWanted, setMenuWanted] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      data-testid={testId}
      aria-label={t('language')}
      aria-haspopup="menu"
      onClick={menuWanted ? undefined : () => setMenuWanted(true)}
    >
      {LANGUAGE_LABELS[current]}
    </Button>
  );
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu current={current}>{button}</LanguageMenu>
    </Suspense>
  );
}
