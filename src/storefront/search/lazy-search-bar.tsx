/**
 * What the headers mount: the search bar's code (combobox, suggestions, offline adapter) loads in
 * its own chunk, so the storefront entry carries only this wrapper. The placeholder keeps the
 * bar's size so the header does not jump when it arrives.
 */
import { Suspense } from 'react';
import { lazyAfterPaint } from '../../ui/after-paint';
import styles from './search.module.css';

// Loaded once the first screen has painted (src/ui/after-paint.ts); until then an empty slot of the
// bar's height keeps the layout from shifting.
const SearchBar = lazyAfterPaint(() => import('./search-bar').then((m) => ({ default: m.SearchBar })));

/** `row`: on a line of its own under a bar (the POS top bar over the catalog). */
export function LazySearchBar({ row = false }: { row?: boolean }) {
  const bar = (
    <Suspense fallback={<div className={`${styles.bar} ${styles.barSlot}`} aria-hidden="true" />}>
      <SearchBar />
    </Suspense>
  );
  return row ? <div className={styles.row}>{bar}</div> : bar;
}
