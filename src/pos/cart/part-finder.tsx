import { useEffect, useRef, useState } from 'react';
import { SEARCH_AUTOCOMPLETE_DEBOUNCE_MS } from '../../domain/constants';
import type { LineOption } from '../../domain/mutations/records';
import { getCatalogProduct, type CachedProduct } from '../../db/queries';
import { NOT_ON_DEVICE } from '../../features/pos-sale/add-to-sale';
import { deviceDb } from '../../device/device-db';
import { useSync } from '../../device/sync-context';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast/toast-context';
import type { LaborType } from './labor-modals';
import { OptionsModal } from './options-modal';
import { useBarcodeScanner } from './use-barcode-scanner';
import styles from './cart.module.css';

interface Hit {
  product_id: number;
  mpn: string;
  name: string;
  brand: string | null;
}

export const PART_NOT_FOUND = (code: string): string => `No part matches "${code}".`;

/** How the finder adds a part: its chosen options (priced from the device's catalog) and whether its labor goes too. */
export interface FinderAdd {
  options: LineOption[];
  withLabor: boolean;
}

/**
 * Find a part by name or part number from the device's cached catalog (works offline), or scan a
 * barcode from anywhere on the cart screen: keyboard input ending in Enter adds the exact part. A
 * part with options asks for them first (OptionsModal); a part with installation labor also offers
 * 'Add With {labor title}'.
 */
export function PartFinder({
  onAdd,
  laborTypes,
}: {
  onAdd: (p: CachedProduct, how: FinderAdd) => Promise<boolean>;
  laborTypes: readonly LaborType[];
}) {
  const api = useSync();
  const toast = useToast();
  const [text, setText] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [searching, setSearching] = useState(false);
  const [choosing, setChoosing] = useState<{ product: CachedProduct; withLabor: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Catalog records of the hits on screen, read while the cashier looks at them, so a tap on Add
  // goes straight to the sync worker instead of reading the catalog first (tap-to-total).
  const prefetched = useRef(new Map<number, Promise<CachedProduct | null | undefined>>());
  const [records, setRecords] = useState<ReadonlyMap<number, CachedProduct>>(new Map());

  useEffect(() => {
    const next = new Map<number, Promise<CachedProduct | null | undefined>>();
    for (const h of hits)
      next.set(
        h.product_id,
        prefetched.current.get(h.product_id) ?? getCatalogProduct(deviceDb(), h.product_id).catch(() => undefined),
      );
    prefetched.current = next;
    let live = true;
    // The records also say which hits offer their labor ('Add With ...').
    void Promise.all([...next.values()]).then(
      (rows) => live && setRecords(new Map(rows.flatMap((r) => (r ? [[r.product_id, r] as const] : [])))),
    );
    return () => {
      live = false;
    };
  }, [hits]);

  const laborTitle = (p: CachedProduct | undefined): string | null =>
    (p &&
      p.labor_id !== null &&
      (p.labor_time ?? 0) > 0 &&
      laborTypes.find((l) => Number(l.labor_id) === p.labor_id)?.title) ||
    null;

  useEffect(() => {
    const q = text.trim();
    if (!api || q.length === 0) {
      setHits([]);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      setSearching(true);
      void api
        .searchParts(q, { limit: 8, wait: true })
        .then((r) => live && setHits(r.parts))
        .catch(() => live && setHits([]))
        .finally(() => live && setSearching(false));
    }, SEARCH_AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, text]);

  const cleared = () => {
    setText('');
    setHits([]);
  };

  const add = async (productId: number, withLabor = false): Promise<boolean> => {
    const p = (await prefetched.current.get(productId)) ?? (await getCatalogProduct(deviceDb(), productId));
    if (!p) {
      toast.error(NOT_ON_DEVICE);
      return false;
    }
    if (p.requires_options) {
      setChoosing({ product: p, withLabor });
      return false;
    }
    const ok = await onAdd(p, { options: [], withLabor });
    if (ok) cleared();
    return ok;
  };

  // Codes scanned or entered before the sync worker is connected (right after a reload): kept in
  // order and added once it is, so a scan at the counter is never silently dropped.
  const waiting = useRef<string[]>([]);
  const [waitingCount, setWaitingCount] = useState(0);

  /** Enter or a scan: the exact part number or barcode, else the only hit. */
  const addExact = async (code: string): Promise<void> => {
    const c = code.trim();
    if (!c) return;
    if (!api) {
      waiting.current.push(c);
      setWaitingCount(waiting.current.length);
      return;
    }
    const exact = await api.findPart(c);
    if (exact) {
      await add(exact.product_id);
      return;
    }
    if (hits.length === 1 && hits[0]) {
      await add(hits[0].product_id);
      return;
    }
    toast.error(PART_NOT_FOUND(c));
  };

  const addExactRef = useRef(addExact);
  addExactRef.current = addExact;
  useEffect(() => {
    if (!api || waiting.current.length === 0) return;
    const codes = waiting.current.splice(0);
    void (async () => {
      for (const code of codes) await addExactRef.current(code);
      setWaitingCount(waiting.current.length);
    })();
  }, [api]);

  useBarcodeScanner((code) => void addExact(code), inputRef);

  return (
    <div className={styles.finder}>
      <label htmlFor="part-search" className={styles.finderLabel}>
        Add a part
      </label>
      <input
        id="part-search"
        ref={inputRef}
        className={styles.finderInput}
        type="search"
        placeholder="Search by part number or name, or scan a barcode"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void addExact(text);
          }
        }}
        // aria-controls must name an element that exists: the list is there only with results.
        aria-controls={hits.length > 0 ? 'part-search-results' : undefined}
        aria-busy={searching || waitingCount > 0}
      />
      {waitingCount > 0 && (
        <p className={styles.muted} role="status">
          Loading the parts catalog…
        </p>
      )}
      {hits.length > 0 && (
        <ul id="part-search-results" className={styles.hits} aria-label="Matching parts">
          {hits.map((h) => (
            <li key={h.product_id} className={styles.hit}>
              <span className={styles.hitText}>
                <strong>{h.mpn}</strong> {h.brand ? `· ${h.brand} ` : ''}
                <span className={styles.muted}>{h.name}</span>
              </span>
              <span className={styles.hitActions}>
                <Button
                  variant="secondary"
                  onClick={() => void add(h.product_id)}
                  aria-label={`Add ${h.mpn} ${h.name}`}
                >
                  Add
                </Button>
                {laborTitle(records.get(h.product_id)) && (
                  <Button
                    variant="secondary"
                    onClick={() => void add(h.product_id, true)}
                    aria-label={`Add ${h.mpn} ${h.name} with ${laborTitle(records.get(h.product_id))}`}
                  >
                    Add With {laborTitle(records.get(h.product_id))}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {text.trim() && !searching && hits.length === 0 && <p className={styles.muted}>No results!</p>}
      {choosing && (
        <OptionsModal
          product={choosing.product}
          laborTitle={choosing.withLabor ? laborTitle(choosing.product) : null}
          onClose={() => setChoosing(null)}
          onAdd={async (options) => {
            const ok = await onAdd(choosing.product, { options, withLabor: choosing.withLabor });
            if (ok) cleared();
            return ok;
          }}
        />
      )}
    </div>
  );
}
