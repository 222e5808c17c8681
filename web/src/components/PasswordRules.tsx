import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, passwordRuleStates } from '@/utils/password';

/** The four live indicators (password_rule1..4) that light up as the password meets each rule. */
export default function PasswordRules({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const states = passwordRuleStates(value ?? '');
  return (
    <ul className="coffer-password-rules" data-testid="password-rules">
      {PASSWORD_RULES.map((rule, index) => (
        <li key={rule.key} className={states[index] ? 'met' : ''} data-met={states[index]}>
          {states[index] ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(rule.key)}
        </li>
      ))}
    </ul>
  );
}
