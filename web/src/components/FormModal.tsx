import { useState, type ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/locales/types';

/** The server's refusal inside a form. */
export function ServerError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return <Alert type="error" showIcon className="coffer-gap-bottom" message={message} data-testid={testId} />;
}

/** What a dialog is, fixed: declared once beside it. */
export interface DialogSpec {
  /** The form's name (the prefix of its field ids). */
  name: string;
  width: number;
  testId: string;
  /** The title's label key, when the title is always the same. */
  titleKey?: TranslationKey;
  /** The OK button's label key; "Confirm" unless given. */
  okKey?: TranslationKey;
}

/** What the caller of a dialog that adds or edits one thing passes. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

interface FormModalProps<V> extends Pick<ModalProps, 'okButtonProps' | 'confirmLoading' | 'maskClosable' | 'footer'> {
  spec: DialogSpec;
  open: boolean;
  /** The title, when it changes (adding or editing); else the spec's. */
  title?: ReactNode;
  form: FormInstance<V>;
  /**
   * Runs with the checked values (nothing runs while a field is wrong: the field says why). When
   * it throws, the dialog stays open: the refusal is shown in it with `refusal`, otherwise the
   * request layer has told the user.
   */
  onSubmit: (values: V) => Promise<unknown> | void;
  onCancel: () => void;
  /** After the closing animation, besides clearing the fields. */
  afterClose?: () => void;
  /**
   * Shows the server's refusal inside the dialog: its test id, the message of a failure, and
   * whether it stays while the user edits (it goes by default).
   */
  refusal?: { testId: string; message: (failure: unknown) => string | null; keepOnEdit?: boolean };
  /** Above the form: a tip. */
  intro?: ReactNode;
  formProps?: Omit<FormProps<V>, 'form' | 'name' | 'layout' | 'requiredMark'>;
  /** Below the form. */
  outro?: ReactNode;
  /** Enter in a field submits, like Confirm. */
  submitOnEnter?: boolean;
  children: ReactNode;
}

/**
 * A dialog around one vertical form: Confirm checks the fields and hands their values to
 * `onSubmit`; closing clears them. The caller says what is sent and what happens after.
 */
export default function FormModal<V>({
  spec,
  form,
  title,
  okButtonProps,
  onSubmit,
  onCancel,
  afterClose,
  refusal,
  intro,
  formProps,
  outro,
  submitOnEnter = false,
  children,
  ...modal
}: FormModalProps<V>) {
  const { t } = useTranslation();
  const { name, width, testId } = spec;
  // The OK button's test id follows the dialog's: `ip-form` → `ip-form-submit`, `whitelist-modal` → `whitelist-submit`.
  const submitTestId = `${testId.replace(/-modal$/, '')}-submit`;
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong; nothing is sent
    }
    setError(null);
    try {
      await onSubmit(values);
    } catch (failure) {
      if (refusal) setError(refusal.message(failure)); // else the request layer told the user
    }
  };
  return (
    <Modal
      {...modal}
      title={title ?? (spec.titleKey ? t(spec.titleKey) : undefined)}
      okText={t(spec.okKey ?? 'confirm')}
      cancelText={t('cancel')}
      onOk={submit}
      okButtonProps={{ ...okButtonProps, 'data-testid': submitTestId } as ModalProps['okButtonProps']}
      onCancel={onCancel}
      afterClose={() => {
        form.resetFields();
        setError(null);
        afterClose?.();
      }}
      destroyOnHidden
      width={width}
      data-testid={testId}
    >
      {intro}
      {refusal && <ServerError message={error} testId={refusal.testId} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name={name}
        {...formProps}
        onFinish={submitOnEnter ? () => void submit() : formProps?.onFinish}
        onValuesChange={(changed, all) => {
          if (refusal && !refusal.keepOnEdit) setError(null);
          formProps?.onValuesChange?.(changed, all);
        }}
      >
        {children}
      </Form>
      {outro}
    </Modal>
  );
}
