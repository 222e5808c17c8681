import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { LANGUAGES, LANGUAGE_LABELS, changeLanguage, type Language } from '@/locales';

/** The language menu around its trigger, open from the start: it is loaded by the first click. */
export default function LanguageMenu({ current, children }: { current: Language; children: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
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
      {children}
    </Dropdown>
  );
}
