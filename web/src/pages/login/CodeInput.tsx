import { forwardRef } from 'react';
import { Button, Input, type InputProps, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useCountdown } from '@/hooks/useCountdown';

interface GetCodeButtonProps {
  sending: boolean;
  countdown: ReturnType<typeof useCountdown>;
  onClick: () => void;
  testId: string;
}

/** "Get code", then "Resend in N s" while the cooldown runs (clicks are ignored meanwhile). */
export function GetCodeButton({ sending, countdown, onClick, testId }: GetCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      loading={sending}
      onClick={onClick}
      aria-disabled={countdown.running}
      className={countdown.running ? 'coffer-countdown' : undefined}
      data-testid={testId}
      data-remaining={countdown.remaining}
    >
      {countdown.running ? t('resend_in', { seconds: countdown.remaining }) : t('get_code')}
    </Button>
  );
}

/** A verification code field: digits, the browser's one-time-code autofill, at most 8 characters. */
export const CodeInput = forwardRef<InputRef, InputProps>(function CodeInput(props, ref) {
  const { t } = useTranslation();
  return <Input ref={ref} inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder={t('code_placeholder')} {...props} />;
});
