import { Suspense, lazy, useState } from 'react';
import { Button, Form } from 'antd';
// antd's Input carries TextArea, Search and OTP as statics; the sign-in form takes only the two
// fields it renders, which keeps the login page's download small (docs/console.md, "Bundle budget").
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { login, loginVerify, type Credentials } from '@/api/auth';
import { sessionStore } from '@/store/session';
import { eventBus, EVENTS } from '@/utils/eventBus';
import { toast } from '@/utils/feedback';

// The code dialog (antd's Modal) is fetched with the first sign-in attempt, not with the page.
const loadVerifyModal = () => import('./VerifyModal');
const VerifyModal = lazy(loadVerifyModal);

/** Credentials form, then the verify modal, then signed in (spec section 4, Login). */
interface LoginFormProps {
  onForgot: () => void;
  /** An invited sub-account sets its first password. */
  onAcceptInvite?: () => void;
  /** Filled in after a password reset ("sign in now"). */
  initialEmail?: string;
}

export default function LoginForm({ onForgot, onAcceptInvite, initialEmail }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Credentials>();
  const [checking, setChecking] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [verify, setVerify] = useState<{ type: number; credentials: Credentials } | null>(null);
  // Mounted from the first opening on, so closing it still animates.
  const [dialogMounted, setDialogMounted] = useState(false);

  const submitCredentials = async (values: Credentials) => {
    const credentials = { email: values.email.trim(), password: values.password };
    setChecking(true);
    void loadVerifyModal().catch(() => undefined); // downloads while the server checks the password
    try {
      const type = await loginVerify(credentials);
      setVerify({ type: Number(type), credentials });
      setDialogMounted(true);
    } catch {
      /* the request layer showed the reason (e.g. wrong e-mail or password) */
    } finally {
      setChecking(false);
    }
  };

  const submitCode = async (code: string) => {
    if (!verify) return;
    setSigningIn(true);
    try {
      const session = await login({ ...verify.credentials, code });
      setVerify(null);
      sessionStore.signIn(session);
      eventBus.emit(EVENTS.loginSuccess, session);
      toast.success(t('login_successful'));
      navigate('/', { replace: true }); // `/` lands on the first menu page
    } catch {
      /* wrong or expired code: the toast says so and the modal stays open for another try */
    } finally {
      setSigningIn(false);
    }
  };

  const notBlank = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="login"
        onFinish={submitCredentials}
        size="large"
        initialValues={{ email: initialEmail }}
      >
        <Form.Item name="email" label={t('account')} rules={notBlank(t('input_account'))}>
          <Input
            prefix={<MailOutlined />}
            placeholder={t('account_placeholder')}
            autoComplete="username"
            type="email"
            data-testid="login-email"
          />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={notBlank(t('input_password'))}>
          <Password
            prefix={<LockOutlined />}
            placeholder={t('password_placeholder')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <div className="coffer-login-row">
          <Button type="link" onClick={onForgot} className="coffer-link" data-testid="forgot-password">
            {t('forgot_password')}
          </Button>
          {onAcceptInvite && (
            <Button type="link" onClick={onAcceptInvite} className="coffer-link" data-testid="accept-invitation">
              {t('accept_invitation')}
            </Button>
          )}
        </div>
        <Button type="primary" htmlType="submit" block loading={checking} data-testid="login-submit">
          {t('sign_in')}
        </Button>
      </Form>
      {dialogMounted && (
        <Suspense>
          <VerifyModal
            open={verify !== null}
            type={verify?.type ?? 0}
            email={verify?.credentials.email ?? ''}
            submitting={signingIn}
            onSubmit={submitCode}
            onClose={() => setVerify(null)}
          />
        </Suspense>
      )}
    </>
  );
}
