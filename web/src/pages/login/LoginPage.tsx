import { Suspense, lazy, useEffect, useState } from 'react';
import { Tabs } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import LanguageSwitcher from '@/components/LanguageSwitcher';
import { LogoMark } from '@/components/Logo';
import { LOGIN_NOTICE, peekLoginNotice, setLoginNotice } from '@/utils/navigation';
import LoginForm from './LoginForm';

// Loaded when shown, not with the sign-in form: the expiry notice (only after a session ended),
// registration and password reset (steps, result, checkbox).
const Alert = lazy(() => import('antd/es/alert'));
const ForgotPanel = lazy(() => import('./ForgotPanel'));
const RegisterPanel = lazy(() => import('./RegisterPanel'));

type View = 'login' | 'register' | 'forgot' | 'invite';

/** Login page of spec section 2: language dropdown, welcome, Login (default) and Register tabs. */
export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [view, setView] = useState<View>('login');
  // Bumped on every tab change: the register panel remounts, so its step and fields clear.
  const [registerRun, setRegisterRun] = useState(0);
  const [signInEmail, setSignInEmail] = useState<string | undefined>(undefined);
  const changeView = (next: View) => {
    if (next !== view) setRegisterRun((run) => run + 1);
    setView(next);
  };
  const [notice] = useState(() => (location.state as { notice?: string } | null)?.notice ?? peekLoginNotice());
  const expired = notice === LOGIN_NOTICE.expired;
  useEffect(() => setLoginNotice(null), []); // shown once; a later visit to /login starts clean

  return (
    <div className="coffer-login" data-testid="login-page">
      <aside className="coffer-login-brand">
        <div className="coffer-login-brand-inner">
          <div className="coffer-login-logo">
            <LogoMark size={44} />
            <span>{t('app_name')}</span>
          </div>
          {/* Plain headings with antd's look (styles.css): Typography would add its copy and edit tools to the download. */}
          <h2 className="coffer-login-heading coffer-login-tagline">{t('app_tagline')}</h2>
          <ul className="coffer-login-points">
            {(['brand_point_custody', 'brand_point_collect', 'brand_point_control'] as const).map((key) => (
              <li key={key}>
                <CheckCircleOutlined /> {t(key)}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main className="coffer-login-panel">
        <div className="coffer-login-top">
          <LanguageSwitcher testId="login-lang" />
        </div>
        <div className="coffer-login-card">
          <h2 className="coffer-login-heading coffer-login-title" data-testid="welcome-title">
            {t('welcome_title')}
          </h2>
          <p className="coffer-login-subtitle" data-testid="welcome-subtitle">
            {t('welcome_subtitle')}
          </p>
          {expired && (
            <Suspense>
              <Alert type="warning" showIcon className="coffer-gap-bottom" message={t('login_expired')} data-testid="expired-notice" />
            </Suspense>
          )}
          {view === 'forgot' || view === 'invite' ? (
            <Suspense>
              <ForgotPanel
                key={view}
                invitation={view === 'invite'}
                onCancel={() => changeView('login')}
                onSignIn={(email) => {
                  setSignInEmail(email);
                  changeView('login');
                }}
              />
            </Suspense>
          ) : (
            <Tabs
              activeKey={view}
              onChange={(key) => changeView(key as View)}
              items={[
                {
                  key: 'login',
                  label: <span data-testid="tab-login">{t('tab_login')}</span>,
                  children: (
                    <LoginForm
                      key={signInEmail}
                      initialEmail={signInEmail}
                      onForgot={() => changeView('forgot')}
                      onAcceptInvite={() => changeView('invite')}
                    />
                  ),
                },
                {
                  key: 'register',
                  label: <span data-testid="tab-register">{t('tab_register')}</span>,
                  children: (
                    <Suspense>
                      <RegisterPanel key={registerRun} onDone={() => changeView('login')} />
                    </Suspense>
                  ),
                },
              ]}
            />
          )}
        </div>
      </main>
    </div>
  );
}
