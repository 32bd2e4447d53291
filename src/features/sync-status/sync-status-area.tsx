import { Link, useLocation } from 'react-router';
import { OnlineIndicator } from './online-indicator';
import { ConflictsButton } from './conflicts-button';
import { StorageWarning } from './storage-warning';
import { useSyncStatus } from '../../device/sync-context';
import { exactTimeText, lastSyncedText, queueText, syncAlerts, type SyncAlert } from './sync-status-text';
import { useNow } from './use-now';
import styles from './sync-status.module.css';

/**
 * The POS top bar's sync area: online/offline, the queue ("3 changes waiting to sync" / "All
 * changes synced"), when the last sync finished, what needs staff action (storage over 80% of the
 * quota included), and the conflicts button.
 */
export function SyncStatusArea() {
  const { status, conflicts, startError } = useSyncStatus();
  const now = useNow(30_000);
  return (
    <div className={styles.area}>
      <OnlineIndicator />
      {startError ? (
        <span className={styles.alert} role="alert">
          Sync is not running on this device: {startError}
        </span>
      ) : !status ? (
        <span className={styles.line}>Starting sync…</span>
      ) : (
        <>
          <span
            className={`${styles.line} ${status.pending > 0 ? styles.pending : ''}`}
            role="status"
            aria-live="polite"
          >
            {queueText(status)}
          </span>
          {status.lastSuccess && (
            <time className={styles.line} dateTime={status.lastSuccess} title={exactTimeText(status.lastSuccess)}>
              {lastSyncedText(status.lastSuccess, now)}
            </time>
          )}
          {syncAlerts(status).map((a) => (
            <SyncAlertView key={a.kind} alert={a} />
          ))}
          <StorageWarning lastSuccess={status.lastSuccess} />
          {conflicts.length > 0 && <ConflictsButton conflicts={conflicts} />}
        </>
      )}
    </div>
  );
}

function SyncAlertView({ alert }: { alert: SyncAlert }) {
  const location = useLocation();
  const redirect = encodeURIComponent(location.pathname + location.search);
  return (
    <span className={styles.alert} role="alert">
      {alert.kind === 'needsLogin' ? (
        // `signedOut` makes the login screen show its form although this tab still thinks it is
        // signed in; logging in again hands the worker a fresh session. The queue is never cleared.
        <Link className={styles.alertAction} to={`/pos/login?redirect=${redirect}`} state={{ signedOut: true }}>
          {alert.text}
        </Link>
      ) : alert.kind === 'needsUpdate' ? (
        <>
          {alert.text}
          <button type="button" className={styles.alertAction} onClick={() => window.location.reload()}>
            Reload
          </button>
        </>
      ) : (
        alert.text
      )}
    </span>
  );
}
