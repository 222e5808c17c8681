import { useEffect, useMemo, useState } from 'react';
import { type AddressRule, getAddressRules } from '@/api/chains';
import type { ChainFamily } from '@/api/types';
import { rulesForFamily } from '@/utils/addressRules';
import { sessionStore } from './session';

// The server's address rules, read once per session and shared by every form that checks an
// address. A failed read is not kept: the next form asks again.

let cached: { token: string | null; rules: Promise<AddressRule[]> } | null = null;

function load(token: string | null): Promise<AddressRule[]> {
  if (cached?.token !== token) {
    const entry = {
      token,
      rules: getAddressRules().catch((): AddressRule[] => {
        if (cached === entry) cached = null;
        return [];
      }),
    };
    cached = entry;
  }
  return cached.rules;
}

/** The rules an address for a chain of `family` must meet (none while they load). */
export function useAddressRules(family: ChainFamily | null | undefined): AddressRule[] {
  const token = sessionStore.get().token;
  const [rules, setRules] = useState<AddressRule[]>([]);
  useEffect(() => {
    let alive = true;
    void load(token).then((loaded) => alive && setRules(loaded));
    return () => {
      alive = false;
    };
  }, [token]);
  return useMemo(() => rulesForFamily(rules, family), [rules, family]);
}
