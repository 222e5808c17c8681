import { useEffect } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import type { Locale } from 'antd/es/locale';
import { userInfo } from '@/api/auth';
import GlobalLoading from '@/components/GlobalLoading';
import { isLanguage, type Language } from '@/locales';
import AppRoutes from '@/router/AppRoutes';
import { sessionStore } from '@/store/session';
import { TOAST_CONFIG, bindMessageApi } from '@/utils/feedback';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, 'zh-CN': zhCN, 'zh-HK': zhHK };
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn', 'zh-HK': 'zh-hk' };

/** Binds the context-aware toast API once antd's App context exists. */
function FeedbackBinder() {
  const { message } = AntdApp.useApp();
  useEffect(() => bindMessageApi(message), [message]);
  return null;
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
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[lang]);
    document.documentElement.lang = lang;
  }, [lang]);

  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { colorPrimary: '#1d4ed8', borderRadius: 8, fontFamily: 'var(--coffer-font)' },
        components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fb' } },
      }}
    >
      <AntdApp message={TOAST_CONFIG}>
        <FeedbackBinder />
        <GlobalLoading />
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </AntdApp>
    </ConfigProvider>
  );
}
