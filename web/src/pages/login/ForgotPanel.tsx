import { useReducer, useState } from 'react';
import { Button, Form, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { acceptInvitation, EMAIL_CODE_TYPE, resetPassword, verifyResetCode, type EmailCodePassword } from '@/api/auth';
import { useCountdown } from '@/hooks/useCountdown';
import { ApiError } from '@/utils/request';
import EmailCodeFields from './EmailCodeFields';
import { FlowSteps, PasswordStep, valuesOnceValid } from './FlowParts';
import { flowReducer, STEP_ONE_ERROR_CODES } from './flowSteps';

interface ForgotPanelProps {
  /** Leave the flow without resetting (back to the Login tab). */
  onCancel: () => void;
  /** "Sign in now" after a reset: the Login tab, with the e-mail filled in. */
  onSignIn: (email: string) => void;
  /** Accept an invitation instead: the code is the invitation's (type 9), the password the first. */
  invitation?: boolean;
}

/**
 * Forgot password (spec sections 2 and 4): e-mail and code (type 8), then the new password and
 * its confirmation (Back returns to step 1), then "reset successful" with a sign-in-now button.
 * Next checks the code with the server (without using it up) and keeps the proof it answers for
 * the submit, so a wrong code is refused before any password is typed.
 */
export default function ForgotPanel({ onCancel, onSignIn, invitation = false }: ForgotPanelProps) {
  const { t } = useTranslation();
  const id = invitation ? 'invite' : 'forgot';
  const text = invitation
    ? { title: 'accept_invitation_title', submit: 'accept_invitation_submit', doneTitle: 'accept_invitation_done_title', doneDesc: 'accept_invitation_done_desc' } as const
    : { title: 'reset_password_title', submit: 'reset_password_submit', doneTitle: 'reset_successful_title', doneDesc: 'reset_successful_desc' } as const;
  const [form] = Form.useForm<EmailCodePassword>();
  const [step, dispatch] = useReducer(flowReducer, 'identify');
  const countdown = useCountdown();
  const [resetEmail, setResetEmail] = useState('');
  /** The proof of step 1 (reset only); void after a refusal sends the flow back. */
  const [resetToken, setResetToken] = useState('');
  const [checking, setChecking] = useState(false);

  const next = async () => {
    const values = await valuesOnceValid(form, ['email', 'code']);
    if (!values) return;
    if (!invitation) {
      setChecking(true);
      try {
        const proof = await verifyResetCode({ email: values.email.trim(), code: values.code.trim() });
        setResetToken(proof.resetToken);
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : t('request_failed');
        form.setFields([{ name: 'code', errors: [message] }]);
        return;
      } finally {
        setChecking(false);
      }
    }
    dispatch({ type: 'continue' });
  };

  const submit = async () => {
    const values = await valuesOnceValid(form, ['password', 'passwordVerify']);
    if (!values) return;
    const email = values.email.trim();
    const { password, passwordVerify } = values;
    try {
      if (invitation) await acceptInvitation({ email, code: values.code.trim(), password, passwordVerify });
      else await resetPassword({ email, resetToken, password, passwordVerify });
      setResetEmail(email);
      dispatch({ type: 'submitted' });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      if (STEP_ONE_ERROR_CODES.includes(code)) setResetToken('');
      dispatch({ type: 'rejected', code });
    }
  };

  if (step === 'done') {
    return (
      <div data-testid={`${id}-done`}>
        <Result
          status="success"
          className="coffer-flow-result"
          title={t(text.doneTitle)}
          subTitle={t(text.doneDesc)}
          extra={
            <Button type="primary" onClick={() => onSignIn(resetEmail)} data-testid={`${id}-sign-in-now`}>
              {t('sign_in_now')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div data-testid={`${id}-panel`}>
      <Typography.Title level={4} className="coffer-flow-title">
        {t(text.title)}
      </Typography.Title>
      <FlowSteps step={step} titles={[t('step_verify_email'), t('step_new_password'), t('step_reset_done')]} />
      <Form form={form} layout="vertical" requiredMark={false} name={id} size="large">
        {step === 'identify' && (
          <>
            <EmailCodeFields
              form={form}
              codeType={invitation ? EMAIL_CODE_TYPE.invite : EMAIL_CODE_TYPE.reset}
              countdown={countdown}
              testId={id}
            />
            <Button type="primary" block onClick={next} loading={checking} data-testid={`${id}-next`}>
              {t('next')}
            </Button>
          </>
        )}
        {step === 'password' && (
          <PasswordStep form={form} testId={id} submitLabel={t(text.submit)} onBack={() => dispatch({ type: 'back' })} onSubmit={submit} />
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
