import type { Remote } from 'comlink';
import { useId, useState } from 'react';
import type { SyncWorkerApi } from '../../../sync/api';
import type { ConflictEntry } from '../../db/database';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-date';
import { useToast } from '../../ui/toast/toast-context';
import { useSession } from '../session/use-session';
import { mutationLabel } from './conflict-text';
import { useSync } from '../../device/sync-context';
import styles from './sync-status.module.css';
import panel from './conflicts-panel.module.css';

/**
 * The list inside "Changes the server rejected": each change in words, when it was made, the
 * server's code and reason, and for staff Retry and Dismiss. Retry re-queues the same change as a
 * new one (the worker runs it through the normal mutate path, so a change the device now refuses is
 * not queued and stays listed, with the reason in a toast); Dismiss accepts the server's state.
 * The worker records who did either and when; a dismissal also reaches the server (POST
 * /sync/discard, queued while offline), which records it.
 */
export function ConflictsPanel({ conflicts }: { conflicts: ConflictEntry[] }) {
  const api = useSync();
  const { isStaff } = useSession();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (id: number, what: (worker: Remote<SyncWorkerApi>) => Promise<void>) => {
    if (!api) return;
    setBusy(id);
    try {
      await what(api);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  const retry = (c: ConflictEntry) =>
    act(c.id, async (worker) => {
      const r = await worker.retryConflict(c.id);
      if (r.ok)
        toast.success(`${mutationLabel(c.name)} is queued again and syncs with the next push.`, { title: 'Retried' });
      else toast.error(`${mutationLabel(c.name)} was not retried: ${r.message}`, { title: 'Not retried' });
    });

  if (conflicts.length === 0) return <p>No conflicts left.</p>;
  return (
    <ul className={styles.conflictList}>
      {conflicts.map((c) => (
        <ConflictItem
          key={c.id}
          conflict={c}
          staff={isStaff}
          busy={busy === c.id}
          onRetry={() => void retry(c)}
          onDismiss={() => void act(c.id, (worker) => worker.dismissConflict(c.id))}
        />
      ))}
    </ul>
  );
}

interface ItemProps {
  conflict: ConflictEntry;
  staff: boolean;
  busy: boolean;
  onRetry: () => void;
  onDismiss: () => void;
}

function ConflictItem({ conflict: c, staff, busy, onRetry, onDismiss }: ItemProps) {
  const titleId = useId();
  return (
    <li className={styles.conflict}>
      <h3 id={titleId} className={styles.conflictTitle}>
        {mutationLabel(c.name)}
      </h3>
      <p className={styles.conflictMeta}>
        Made {formatDateTime(c.at)} · code {c.code}
      </p>
      <p className={styles.conflictMessage}>{c.message || 'The server gave no reason.'}</p>
      {c.applied && (
        <p className={styles.conflictMeta}>
          The rest of this change was saved. Edit the customer again to use your value.
        </p>
      )}
      {staff && (
        <div className={panel.actions}>
          {!c.applied && (
            <Button variant="primary" onClick={onRetry} disabled={busy} aria-describedby={titleId}>
              Retry
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={onDismiss}
            disabled={busy}
            aria-label={`Dismiss: ${mutationLabel(c.name)}`}
          >
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}
