import { useEffect, useState } from 'react';
import { listAssets, type Asset } from '@/api/assets';

/** The merchant's assets (201), read silently: undefined while loading, null when the role cannot read them. */
export function useAssets(): Asset[] | null | undefined {
  const [assets, setAssets] = useState<Asset[] | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    listAssets({}, { silent: true })
      .then((value) => alive && setAssets(value ?? []))
      .catch(() => alive && setAssets(null));
    return () => {
      alive = false;
    };
  }, []);
  return assets;
}
