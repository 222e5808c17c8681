import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import type { Locale } from 'antd/es/locale';
import { userInfo } from '@/api/auth';
import GlobalLoading from '@/components/GlobalLoading';
import { useReducedMotion } from '@/hooks/useReducedMotion';
import { isLanguage, type Language } from '@/locales';
import AppRoutes from '@/router/AppRoutes';
import { sessionStore } from '@/store/session';
import { TOAST_CONFIG, bindMessageApi } from '@/utils/feedback';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, 'zh-CN': zhCN, 'zh-HK': zhHK };
const DAYJS_LOCALES: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en', load: () => Promise.resolve() },
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'zh-HK': { name: 'zh-hk', load: () => import('dayjs/locale/zh-hk') },
};

/**
 * dayjs's locale follows the language. dayjs arrives with the screens that show dates, not with the
 * login page, so it is set when its chunk is in; of two overlapping loads the latest choice wins.
 */
function useDayjsLocale(lang: Language) {
  useEffect(() => {
    let current = true;
    const locale = DAYJS_LOCALES[lang];
    void Promise.all([import('dayjs'), locale.load()]).then(([{ default: dayjs }]) => {
      if (current) dayjs.locale(locale.name);
    });
    return () => {
      current = false;
    };
  }, [lang]);
}

/**
 * The context-aware toast API (follows theme and locale), bound for the request layer. antd's App
 * component would also bring its modal and notification hooks, which only the signed-in frame
 * uses: AppRoutes adds it there, so the login page does not download them.
 */
function Toasts() {
  const [api, holder] = message.useMessage(TOAST_CONFIG);
  useEffect(() => bindMessageApi(api), [api]);
  return holder;
}

/** The base text style antd's App root gives its children (colour, size, line height, font). */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style = { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily };
  return <div style={style}>{children}</div>;
}

/** At start-up a stored token is checked and menus/permissions refreshed (docs/api.md). */
function useSessionRefresh() {
  useEffect(() => {
    if (!sessionStore.get().token) return;
    userInfo()
      .then((profile) => sessionStore.refresh(profile))
      .catch(() => undefined); // expiry is handled by the request layer; other failures keep the stored menus
  }, []);
}

export default function App() {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  useSessionRefresh();
  useDayjsLocale(lang);
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { colorPrimary: '#1d4ed8', borderRadius: 8, fontFamily: 'var(--coffer-font)', motion: !reducedMotion },
        components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fb' } },
      }}
    >
      <BaseText>
        <Toasts />
        <GlobalLoading />
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </BaseText>
    </ConfigProvider>
  );
}
