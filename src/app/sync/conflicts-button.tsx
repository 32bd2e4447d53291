import { useState } from 'react';
import type { ConflictEntry } from '../../db/database';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-date';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast/toast-context';
import { useSession } from '../use-session';
import { mutationLabel } from './conflict-text';
import { useSync } from './sync-context';
import styles from './sync-status.module.css';
import shell from '../shell.module.css';

/**
 * "Conflicts (n)": changes the server rejected (the queue moved on without them). Staff read the
 * server's reason and dismiss each once they have re-done it or accepted the server's state; the
 * worker records when and by whom. There is no Retry: the worker API cannot re-queue a rejected
 * change (a new change made on the screen is the retry).
 */
export function ConflictsButton({ conflicts }: { conflicts: ConflictEntry[] }) {
  const [open, setOpen] = useState(false);
  const api = useSync();
  const { isStaff } = useSession();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);

  const dismiss = async (id: number) => {
    if (!api) return;
    setBusy(id);
    try {
      await api.dismissConflict(id);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <button type="button" className={shell.barButton} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Conflicts ({conflicts.length})
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Changes the server rejected"
        description="These changes were not saved on the server. Re-do what is still needed, then dismiss."
      >
        <ul className={styles.conflictList}>
          {conflicts.map((c) => (
            <li key={c.id} className={styles.conflict}>
              <h3 className={styles.conflictTitle}>{mutationLabel(c.name)}</h3>
              <p className={styles.conflictMeta}>
                Made {formatDateTime(c.at)} · code {c.code}
              </p>
              <p className={styles.conflictMessage}>{c.message || 'The server gave no reason.'}</p>
              {isStaff && (
                <Button variant="secondary" onClick={() => void dismiss(c.id)} disabled={busy === c.id} aria-label={`Dismiss: ${mutationLabel(c.name)}`}>
                  Dismiss
                </Button>
              )}
            </li>
          ))}
        </ul>
        {conflicts.length === 0 && <p>No conflicts left.</p>}
      </Modal>
    </>
  );
}
