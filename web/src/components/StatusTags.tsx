import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplyStatus } from '@/api/assets';
import type { TranslationKey } from '@/locales/types';

/** A review's state (IP requests, cold address requests): awaiting review, approved, rejected. */
export const APPLY_STATUS: Record<ApplyStatus, { key: TranslationKey; color: string }> = {
  0: { key: 'ip_apply_pending', color: 'gold' },
  1: { key: 'ip_apply_approved', color: 'green' },
  2: { key: 'ip_apply_rejected', color: 'red' },
};

/** Label key and tag colour of an apply status; null for none or a value the contract does not name. */
export function applyStatusView(value: number | null | undefined): { key: TranslationKey; color: string } | null {
  return value === null || value === undefined ? null : (APPLY_STATUS[value as ApplyStatus] ?? null);
}

/** An apply status as a tag; "—" when there is none, the bare number when the contract does not name it. */
export function ApplyStatusTag({ value, testId }: { value: number | null | undefined; testId: string }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <span data-testid={testId}>—</span>;
  const view = applyStatusView(value);
  return (
    <Tag color={view?.color ?? 'default'} data-testid={testId}>
      {view ? t(view.key) : String(value)}
    </Tag>
  );
}

/** A two-state tag: green with `onKey` when on, grey with `offKey` when off. */
export function OnOffTag({ on, onKey, offKey, testId }: { on: boolean; onKey: TranslationKey; offKey: TranslationKey; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={on ? 'green' : 'default'} data-testid={testId}>
      {t(on ? onKey : offKey)}
    </Tag>
  );
}
