/**
 * Add History in customer admin (pos-back-office.md §5 "History form: comment string; image
 * optional, .jpg/.png, 2 MB max"; §7 the notify fields; §8 "History add in customer admin: server
 * text as toast"). Queued as `customerHistory.add` through the sync worker, so it works offline:
 * the picture is staged on the device under the entry's uuid first and uploaded at sync (sync/uploads.ts).
 * The type and size rule here is the device's first check of what was picked (name and type);
 * the server checks the content. docs/decisions/pos.md "Customer history and uploads".
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { HISTORY_ADDED, historyFormSchema, historyImageSchema } from '../../../domain/forms/history';
import type { Customer } from '../../../domain/mutations/records';
import { dropHistoryImage, stageHistoryImage } from '../../../db/history-images';
import { uuidv7 } from '../../../db/ids';
import { deviceDb } from '../../../device/device-db';
import { useRunMutation } from '../../../device/use-run-mutation';
import { NotifyCustomerFields, notifyPayload } from '../../../features/pos-order/notification-fields';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { useToast } from '../../../ui/toast/toast-context';
import { useZodForm } from '../../../ui/use-zod-form';
import styles from './history-tab.module.css';

const LABELS = { byEmail: 'Notify by email', email: 'Email', byText: 'Notify by text', phone: 'Phone' };

const initial = (c: Customer) => ({
  comment: '',
  notifyCustomer: false,
  notifyByEmail: false,
  email: c.email,
  notifyByText: false,
  phone: c.telephone,
  textingAlerts: c.texting_alerts,
  overrideTextPermission: false,
});

/** The picked file's rule (§5): a message, or null when it may be queued. */
function imageError(file: File | null): string | null {
  if (!file) return null;
  const r = historyImageSchema.safeParse({ name: file.name, type: file.type, size: file.size });
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

export function HistoryAddForm({ customer }: { customer: Customer }) {
  const run = useRunMutation();
  const toast = useToast();
  const form = useZodForm(historyFormSchema, initial(customer), { toInput: (v) => ({ ...v, image: null }) });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file && !imageError(file) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const clearFile = () => {
    setFile(null);
    setFileError(null);
    if (input.current) input.current.value = '';
  };

  const submit = form.handleSubmit(async (f) => {
    const bad = imageError(file);
    setFileError(bad);
    if (bad) return;
    setBusy(true);
    const id = uuidv7();
    const db = deviceDb();
    try {
      if (file) await stageHistoryImage(db, { id, customer_ref: customer.id, blob: file });
      const ok = await run('customerHistory.add', {
        id,
        customer_ref: customer.id,
        comment: f.comment,
        image: file ? { name: file.name, type: file.type, size: file.size } : null,
        ...notifyPayload(f),
      });
      if (!ok) {
        if (file) await dropHistoryImage(db, id);
        return;
      }
      toast.success(HISTORY_ADDED);
      form.reset(initial(customer));
      clearFile();
    } catch (err) {
      // §8: thrown errors are only logged.
      console.error('Add History failed', err);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className={styles.form} aria-labelledby="add-history-title" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="add-history-title" className={styles.heading}>
        Add History
      </h2>
      <TextField label="Comment" {...form.field('comment')} />
      <TextField
        ref={input}
        label="Image"
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        hint=".jpg or .png, 2 MB max"
        error={fileError ?? undefined}
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null;
          setFile(picked);
          setFileError(imageError(picked));
        }}
      />
      {preview && file && (
        <div className={styles.preview}>
          <img className={styles.thumb} src={preview} alt={`Preview of ${file.name}`} />
          <Button variant="secondary" onClick={clearFile}>
            Remove image
          </Button>
        </div>
      )}
      <NotifyCustomerFields form={form} labels={LABELS} />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add History'}
        </Button>
      </div>
    </form>
  );
}
