import { useSyncExternalStore } from 'react';
import { Spin } from 'antd';
import { loading } from '@/utils/loading';

/** Full-screen spinner for calls made with `loading: true` (spec section 7). */
export default function GlobalLoading() {
  const active = useSyncExternalStore(loading.subscribe, loading.isActive, loading.isActive);
  return active ? (
    <div data-testid="global-loading" className="coffer-global-loading">
      <Spin size="large" />
    </div>
  ) : null;
}
