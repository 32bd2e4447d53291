import styles from './spinner.module.css';

/** A loading indicator announced to screen readers as a status. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={styles.spinner} role="status" aria-live="polite">
      <span className={styles.wheel} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A grey placeholder block shown where content will appear; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = 16 }: { width?: number | string; height?: number | string }) {
  return <span className={styles.skeleton} style={{ display: 'block', width, height }} aria-hidden="true" />;
}
