import { useReducer, useState } from 'react';
import { Button, Form, Result, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_TYPE, resetPassword, type EmailCodePassword } from '@/api/auth';
import { useCountdown } from '@/hooks/useCountdown';
import { ApiError } from '@/utils/request';
import EmailCodeFields from './EmailCodeFields';
import NewPasswordFields from './NewPasswordFields';
import { flowReducer, stepIndex } from './flowSteps';

interface ForgotPanelProps {
  /** Leave the flow without resetting (back to the Login tab). */
  onCancel: () => void;
  /** "Sign in now" after a reset: the Login tab, with the e-mail filled in. */
  onSignIn: (email: string) => void;
}

/**
 * Forgot password (spec sections 2 and 4): e-mail and code (type 8), then the new password and
 * its confirmation (Back returns to step 1), then "reset successful" with a sign-in-now button.
 */
export default function ForgotPanel({ onCancel, onSignIn }: ForgotPanelProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailCodePassword>();
  const [step, dispatch] = useReducer(flowReducer, 'identify');
  const countdown = useCountdown();
  const [resetEmail, setResetEmail] = useState('');

  const next = async () => {
    try {
      await form.validateFields(['email', 'code']);
    } catch {
      return;
    }
    dispatch({ type: 'continue' });
  };

  const submit = async () => {
    try {
      await form.validateFields(['password', 'passwordVerify']);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as EmailCodePassword;
    const email = values.email.trim();
    try {
      await resetPassword({ email, code: values.code.trim(), password: values.password, passwordVerify: values.passwordVerify });
      setResetEmail(email);
      dispatch({ type: 'submitted' });
    } catch (error) {
      dispatch({ type: 'rejected', code: error instanceof ApiError ? error.code : 0 });
    }
  };

  if (step === 'done') {
    return (
      <div data-testid="forgot-done">
        <Result
          status="success"
          className="coffer-flow-result"
          title={t('reset_successful_title')}
          subTitle={t('reset_successful_desc')}
          extra={
            <Button type="primary" onClick={() => onSignIn(resetEmail)} data-testid="forgot-sign-in-now">
              {t('sign_in_now')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div data-testid="forgot-panel">
      <Typography.Title level={4} className="coffer-flow-title">
        {t('reset_password_title')}
      </Typography.Title>
      <Steps
        size="small"
        responsive={false}
        labelPlacement="vertical"
        current={stepIndex(step)}
        className="coffer-flow-steps"
        items={[{ title: t('step_verify_email') }, { title: t('step_new_password') }, { title: t('step_reset_done') }]}
      />
      <Form form={form} layout="vertical" requiredMark={false} name="forgot" size="large">
        {step === 'identify' && (
          <>
            <EmailCodeFields form={form} codeType={EMAIL_CODE_TYPE.reset} countdown={countdown} testId="forgot" />
            <Button type="primary" block onClick={next} data-testid="forgot-next">
              {t('next')}
            </Button>
          </>
        )}
        {step === 'password' && (
          <>
            <NewPasswordFields form={form} testId="forgot" />
            <div className="coffer-flow-actions">
              <Button onClick={() => dispatch({ type: 'back' })} data-testid="forgot-back">
                {t('back')}
              </Button>
              <Button type="primary" onClick={submit} data-testid="forgot-submit">
                {t('reset_password_submit')}
              </Button>
            </div>
          </>
        )}
      </Form>
      <div className="coffer-flow-footer">
        <Button type="link" className="coffer-link" onClick={onCancel} data-testid="back-to-login">
          {t('back_to_login')}
        </Button>
      </div>
    </div>
  );
}
