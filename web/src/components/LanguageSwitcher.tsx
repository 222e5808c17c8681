import { Button, Dropdown } from 'antd';
import { GlobalOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_LABELS, changeLanguage, isLanguage, type Language } from '@/locales';

/** Language menu used on the login page and in the header; the choice persists locally. */
export default function LanguageSwitcher({ testId = 'lang-switcher' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: (
            <span data-testid={`lang-option-${lang}`} className="coffer-lang-option">
              {LANGUAGE_LABELS[lang]}
              {lang === current && <CheckOutlined />}
            </span>
          ),
        })),
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} data-testid={testId} aria-label={t('language')}>
        {LANGUAGE_LABELS[current]}
      </Button>
    </Dropdown>
  );
}
