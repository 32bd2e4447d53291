import { useEffect } from 'react';
import { Link } from 'react-router';
import { storageNearlyFull, usageRatio } from '../settings/storage-figures';
import { useStorageInfo } from '../settings/use-storage-info';
import styles from './sync-status.module.css';

/**
 * The status bar's storage warning: from 80% of the quota (IndexedDB writes, the outbox's
 * included, start failing at the quota), linking to "Device storage" in /pos/settings.
 */
export function StorageWarningView({ usage, quota }: { usage: number | undefined; quota: number | undefined }) {
  if (!storageNearlyFull(usage, quota)) return null;
  const pct = Math.floor((usageRatio(usage, quota) ?? 0) * 100);
  return (
    <span className={styles.alert} role="alert">
      <Link className={styles.alertAction} to="/pos/settings">
        Device storage {pct}% full — free space so sales keep saving
      </Link>
    </span>
  );
}

/** Reads the figures on mount and again after every completed sync (`lastSuccess` changes). */
export function StorageWarning({ lastSuccess }: { lastSuccess: string | null }) {
  const { usage, quota, refresh } = useStorageInfo();
  useEffect(() => {
    if (lastSuccess) refresh();
  }, [lastSuccess, refresh]);
  return <StorageWarningView usage={usage} quota={quota} />;
}
