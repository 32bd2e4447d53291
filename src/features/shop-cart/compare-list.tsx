import { useQuery } from '@tanstack/react-query';
import { createContext, useMemo, type ReactNode } from 'react';
import { compareQueryOptions } from '../../api/shop-lists';
import { usePainted } from '../../ui/after-paint';
import { useShopperReads } from '../session/mode';

export interface CompareList {
  /** Products in this shopper's compare list. */
  ids: ReadonlySet<number>;
}

const EMPTY: CompareList = { ids: new Set() };
export const CompareListContext = createContext<CompareList>(EMPTY);

/**
 * The shopper's compare list (GET /product/compare/getCompare), read once for the whole page: a
 * listing has a compare button per card, and one query here instead of one per card keeps the
 * reply from re-rendering 24 cards' worth of query observers. Read after the first screen has
 * painted (ui/after-paint.ts) and once the session says a shopper is asking: compare is hidden in
 * POS mode (§6) and the server refuses staff, so no call for them.
 */
export function CompareListProvider({ children }: { children: ReactNode }) {
  const shopper = useShopperReads();
  const painted = usePainted();
  const q = useQuery({ ...compareQueryOptions, enabled: shopper && painted });
  // An empty list stays the one EMPTY value: a shopper with nothing to compare (most of them) does
  // not re-render every card's compare button when the reply comes.
  const value = useMemo<CompareList>(
    () => (q.data?.products.length ? { ids: new Set(q.data.products.map((p) => p.product_id)) } : EMPTY),
    [q.data],
  );
  return <CompareListContext.Provider value={value}>{children}</CompareListContext.Provider>;
}
