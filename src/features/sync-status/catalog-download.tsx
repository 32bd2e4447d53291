import { useSyncStatus } from '../../device/sync-context';
import styles from './catalog-download.module.css';

const count = new Intl.NumberFormat('en-US');

/** "47 % of 20,000 parts" ("47 %" from a server that does not say); before the first (small, quick) page: "Starting…". */
export function downloadText(d: { total: number; percent: number; parts?: number | null }): string {
  if (d.total <= 0) return 'Starting…';
  return d.parts ? `${d.percent} % of ${count.format(d.parts)} parts` : `${d.percent} %`;
}

/**
 * The POS shell's bar for the initial download (catalog, stock, customers, lookups) while the
 * device has never completed one. Its figures come from the worker's status, which reads them
 * from the device database: after a reload the bar continues with the rows already stored. Gone
 * once the download is complete; the sync area keeps showing the last sync as before.
 */
export function CatalogDownload() {
  const { status } = useSyncStatus();
  const d = status?.download;
  if (!d) return null;
  const known = d.total > 0;
  return (
    <section className={styles.download} aria-labelledby="catalog-download-title">
      <h2 id="catalog-download-title" className={styles.title}>
        Downloading catalog
      </h2>
      {/* Without value/max a <progress> is indeterminate: nothing is known until the first page. */}
      <progress
        className={styles.bar}
        aria-label="Downloading catalog"
        {...(known ? { value: d.done, max: d.total } : {})}
      />
      <span className={styles.figures}>{downloadText(d)}</span>
      <span className={styles.note}>This device works offline once the download is done.</span>
    </section>
  );
}
