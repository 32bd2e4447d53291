import { useCallback, useState } from 'react';

/**
 * Ids of the orders ticked on the current page (Continue Order needs exactly one). The owner
 * resets it by remounting (key) when the tab, page, sort or filters change.
 */
export function useSelection(pageIds: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setSelected((prev) => (pageIds.length > 0 && pageIds.every((id) => prev.has(id)) ? new Set() : new Set(pageIds)));
  }, [pageIds]);
  return { selected, toggle, toggleAll };
}
