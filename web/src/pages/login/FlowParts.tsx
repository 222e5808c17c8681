import { Button, Steps, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import NewPasswordFields from './NewPasswordFields';
import { stepIndex, type FlowStep } from './flowSteps';

// The pieces registration and password reset (and accepting an invitation) share.

/** The three steps above the form, the current one marked. */
export function FlowSteps({ step, titles }: { step: FlowStep; titles: [string, string, string] }) {
  return (
    <Steps
      size="small"
      responsive={false}
      labelPlacement="vertical"
      current={stepIndex(step)}
      className="coffer-flow-steps"
      items={titles.map((title) => ({ title }))}
    />
  );
}

interface PasswordStepProps {
  form: FormInstance;
  testId: string;
  submitLabel: string;
  onBack: () => void;
  onSubmit: () => void;
}

/** Step 2: the new password and its confirmation, Back and the submit. */
export function PasswordStep({ form, testId, submitLabel, onBack, onSubmit }: PasswordStepProps) {
  const { t } = useTranslation();
  return (
    <>
      <NewPasswordFields form={form} testId={testId} />
      <div className="coffer-flow-actions">
        <Button onClick={onBack} data-testid={`${testId}-back`}>
          {t('back')}
        </Button>
        <Button type="primary" onClick={onSubmit} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/**
 * All the flow's values once the named fields pass their rules; null when one does not (the
 * field shows why, so there is nothing else to report).
 */
export async function valuesOnceValid<T>(form: FormInstance<T>, names: (keyof T & string)[]): Promise<T | null> {
  try {
    await form.validateFields(names);
  } catch {
    return null;
  }
  return form.getFieldsValue(true) as T;
}
