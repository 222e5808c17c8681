import { useTranslation } from 'react-i18next';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M18 22h28v6H18zm0 10h28v14a4 4 0 0 1-4 4H22a4 4 0 0 1-4-4z" fill="#fff" />
      <circle cx="32" cy="41" r="4" fill="#1d4ed8" />
    </svg>
  );
}

export default function Logo({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="coffer-logo" data-testid="sidebar-logo">
      <LogoMark />
      {!collapsed && <span className="coffer-logo-text">{t('app_name')}</span>}
    </div>
  );
}
