import { useReducer, useState } from 'react';
import { Button, Checkbox, Form, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_TYPE, register, type EmailCodePassword } from '@/api/auth';
import { useCountdown } from '@/hooks/useCountdown';
import { usePublicConfig } from '@/hooks/usePublicConfig';
import { ApiError } from '@/utils/request';
import EmailCodeFields from './EmailCodeFields';
import { FlowSteps, PasswordStep, valuesOnceValid } from './FlowParts';
import SupportContact from './SupportContact';
import { flowReducer } from './flowSteps';

type RegisterValues = EmailCodePassword & { agree: boolean };

/**
 * Registration (spec sections 2 and 4): e-mail, code (type 1) and the privacy checkbox, then
 * password and confirmation, then "submitted": an operator activates the merchant and the team
 * gets in touch within 1 working day. The login page remounts this panel on tab change, which
 * clears the step and the fields.
 */
export default function RegisterPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { privacyPolicyUrl } = usePublicConfig();
  const [form] = Form.useForm<RegisterValues>();
  const [step, dispatch] = useReducer(flowReducer, 'identify');
  const countdown = useCountdown();
  const [submittedEmail, setSubmittedEmail] = useState('');

  const continueToPassword = async () => {
    if (await valuesOnceValid(form, ['email', 'code', 'agree'])) dispatch({ type: 'continue' });
  };

  const submit = async () => {
    const values = await valuesOnceValid(form, ['password', 'passwordVerify']);
    if (!values) return;
    const email = values.email.trim();
    try {
      await register({
        email,
        code: values.code.trim(),
        password: values.password,
        passwordVerify: values.passwordVerify,
      });
      setSubmittedEmail(email);
      dispatch({ type: 'submitted' });
    } catch (error) {
      // The request layer showed the reason; a wrong code or a taken e-mail is fixed on step 1.
      dispatch({ type: 'rejected', code: error instanceof ApiError ? error.code : 0 });
    }
  };

  if (step === 'done') {
    return (
      <div data-testid="register-done">
        <Result
          status="success"
          className="coffer-flow-result"
          title={t('register_submitted_title')}
          subTitle={
            <Space direction="vertical" size={4}>
              <span>{t('register_submitted_desc', { email: submittedEmail })}</span>
              <span data-testid="register-contact-tip">{t('register_contact_tip')}</span>
              <SupportContact messageKey="register_support" />
            </Space>
          }
          extra={
            <Button type="primary" onClick={onDone} data-testid="register-back-to-login">
              {t('back_to_login')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <>
      <FlowSteps step={step} titles={[t('step_verify_email'), t('step_set_password'), t('step_submitted')]} />
      <Form form={form} layout="vertical" requiredMark={false} name="register" size="large" data-testid="register-form">
        {step === 'identify' && (
          <>
            <EmailCodeFields form={form} codeType={EMAIL_CODE_TYPE.register} countdown={countdown} testId="register" />
            <Form.Item
              name="agree"
              valuePropName="checked"
              rules={[{ validator: (_, checked) => (checked ? Promise.resolve() : Promise.reject(new Error(t('please_read_agree')))) }]}
            >
              <Checkbox data-testid="register-agree">
                {t('agree_prefix')}{' '}
                {privacyPolicyUrl ? (
                  <Typography.Link href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer" data-testid="privacy-link">
                    {t('privacy_policy')}
                  </Typography.Link>
                ) : (
                  t('privacy_policy')
                )}
              </Checkbox>
            </Form.Item>
            <Button type="primary" block onClick={continueToPassword} data-testid="register-continue">
              {t('continue')}
            </Button>
          </>
        )}
        {step === 'password' && (
          <PasswordStep form={form} testId="register" submitLabel={t('sure')} onBack={() => dispatch({ type: 'back' })} onSubmit={submit} />
        )}
      </Form>
    </>
  );
}
