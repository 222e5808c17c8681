import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getApiSettings, type ApiSettings } from '@/api/system';
import { noteCallbackUrl } from '@/store/callbackAddress';
import { refreshSession } from '@/store/refreshSession';
import { useSession } from '@/store/session';
import { toast } from '@/utils/feedback';
import { codeRules } from '@/utils/formRules';
import { ApiError } from '@/utils/request';
import { copyText, serverMessage } from './systemRules';

// Pieces shared by the System screens: the settings read, the authenticator code field, the
// server's refusal shown inside a form, and a copy button.

/** google_not_bound (docs/api.md): the caller has no authenticator. */
export const CODE_GOOGLE_NOT_BOUND = 11008;

/** `/api/partner/secret` for a screen: the settings, their loading flag and a reload. */
export function useApiSettings() {
  const [settings, setSettings] = useState<ApiSettings | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    getApiSettings()
      .then((value) => {
        noteCallbackUrl(value.callbackUrl); // the order lists' callback states follow it
        if (alive) setSettings(value);
      })
      .catch(() => undefined) // the request layer told the user
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [reloads]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { settings, setSettings, loading, reload };
}

/** Whether the signed-in user has bound an authenticator (the session's `bindGoogle`). */
export function useGoogleBound(): boolean {
  return Boolean(useSession().user?.bindGoogle);
}

/**
 * The authenticator's 6-digit code (required, 'Must be a 6-digit number'). Without a bound
 * authenticator there is nothing to type: the field gives way to the bind hint, and the action,
 * if tried, shows the server's own refusal (11008).
 */
export function GoogleCodeField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  if (!useGoogleBound()) {
    return (
      <Alert
        type="warning"
        showIcon
        className="coffer-gap-bottom"
        data-testid={`${testId}-bind-google`}
        message={t('google_bind_first')}
        description={<Link to="/personal">{t('google_bind_go')}</Link>}
      />
    );
  }
  return (
    <Form.Item name="googleCode" label={t('google_code_label')} rules={codeRules(t, t('input_google_code'))}>
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder={t('code_placeholder')} data-testid={`${testId}-google-code`} />
    </Form.Item>
  );
}

/** The code to send: trimmed when typed; "" without an authenticator (the server answers 11008). */
export const googleCodeOf = (values: { googleCode?: string }): string => (values.googleCode ?? '').trim();

/**
 * What a form does with a refused call: keeps the server's message to show inline (the request
 * layer toasted it too) and, when the server says no authenticator is bound, re-reads the
 * profile so the form shows the real state.
 */
export function refusal(error: unknown): string | null {
  if (error instanceof ApiError && error.code === CODE_GOOGLE_NOT_BOUND) void refreshSession();
  return serverMessage(error);
}

/** A button that copies `text` and toasts 'Copied'. */
export function CopyButton({ text, testId, children }: { text: string; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<CopyOutlined />}
      onClick={async () => {
        if (await copyText(text)) toast.success(t('sys_copied'));
        else toast.error(t('sys_copy_failed'));
      }}
      data-testid={testId}
    >
      {children ?? t('sys_copy')}
    </Button>
  );
}
