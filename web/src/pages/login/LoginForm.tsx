import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { login, loginVerify, type Credentials } from '@/api/auth';
import { sessionStore } from '@/store/session';
import { eventBus, EVENTS } from '@/utils/eventBus';
import { toast } from '@/utils/feedback';
import VerifyModal from './VerifyModal';

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

  const submitCredentials = async (values: Credentials) => {
    const credentials = { email: values.email.trim(), password: values.password };
    setChecking(true);
    try {
      const type = await loginVerify(credentials);
      setVerify({ type: Number(type), credentials });
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
          <Input.Password
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
      <VerifyModal
        open={verify !== null}
        type={verify?.type ?? 0}
        email={verify?.credentials.email ?? ''}
        submitting={signingIn}
        onSubmit={submitCode}
        onClose={() => setVerify(null)}
      />
    </>
  );
}
