import { useState } from 'react';
import type { ConflictEntry } from '../../db/database';
import { Modal } from '../../ui/modal';
import { ConflictsPanel } from './conflicts-panel';
import bar from '../../ui/bar-button.module.css';

/**
 * "Conflicts (n)": changes the server rejected (the queue moved on without them). Opens the panel
 * where staff read the server's reason and retry or dismiss each (conflicts-panel.tsx).
 */
export function ConflictsButton({ conflicts }: { conflicts: ConflictEntry[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={bar.barButton} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Conflicts ({conflicts.length})
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Changes the server rejected"
        description="These changes were not saved on the server. Retry a change to send it again, or dismiss it to keep the server's state."
      >
        <ConflictsPanel conflicts={conflicts} />
      </Modal>
    </>
  );
}
