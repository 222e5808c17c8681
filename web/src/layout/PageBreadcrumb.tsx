import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { Language } from '@/locales';
import { menuTitle, type PageRoute } from '@/router/menus';

/** Path depth (number of segments) from which the breadcrumb shows: /orders/deposit is 2. */
export const BREADCRUMB_MIN_DEPTH = 2;

export const pathDepth = (path: string): number => path.split('/').filter(Boolean).length;

export default function PageBreadcrumb({ routes }: { routes: PageRoute[] }) {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const route = routes.find((candidate) => candidate.path === pathname);
  if (!route || pathDepth(pathname) < BREADCRUMB_MIN_DEPTH) return null;
  const lang = i18n.language as Language;
  return (
    <Breadcrumb
      className="coffer-breadcrumb"
      data-testid="breadcrumb"
      items={[...route.parents, route.titles].map((titles) => ({ title: menuTitle(titles, lang) }))}
    />
  );
}
