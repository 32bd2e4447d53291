import { useState } from 'react';
import { notificationFormSchema, NOTIFICATION_SEND_FAILED, TEXT_OVERRIDE_LABEL } from '../../domain/forms/notification';
import type { Customer } from '../../domain/mutations/records';
import { sendReceipt } from '../../api/send-receipt';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { useToast } from '../../ui/toast/toast-context';
import styles from './receipt.module.css';

type Errors = Partial<Record<'email' | 'phone' | 'overrideTextPermission', string>>;

/**
 * "Send or Print Receipt/Invoice": Email/Text (the notification form and its rules), Print, or Both.
 * Sending needs the network; printing never does.
 */
export function SendReceiptPanel({ orderId, customer }: { orderId: number | string; customer: Customer | null }) {
  const toast = useToast();
  const [open, setOpen] = useState<'send' | 'both' | null>(null);
  const [v, setV] = useState({
    notifyByEmail: Boolean(customer?.email),
    email: customer?.email ?? '',
    notifyByText: false,
    phone: customer?.telephone ?? '',
    textingAlerts: customer?.texting_alerts ?? false,
    overrideTextPermission: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const parsed = notificationFormSchema.safeParse(v);
    if (!parsed.success) {
      const e: Errors = {};
      for (const i of parsed.error.issues) e[i.path[0] as keyof Errors] ??= i.message;
      setErrors(e);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await sendReceipt(orderId, parsed.data);
      if (r.error) throw new Error(r.error);
      toast.success(r.success ?? 'The receipt was sent.');
      if (open === 'both') window.print();
      setOpen(null);
    } catch {
      toast.error(NOTIFICATION_SEND_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="send-title" className={`${styles.card} ${styles.noPrint}`}>
      <h2 id="send-title">Send or Print Receipt/Invoice</h2>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => setOpen('send')}>
          Email/Text
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="secondary" onClick={() => setOpen('both')}>
          Both
        </Button>
      </div>
      {open && (
        <form
          className={styles.sendForm}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label className={styles.check}>
            <input type="checkbox" checked={v.notifyByEmail} onChange={(e) => setV({ ...v, notifyByEmail: e.target.checked })} /> Email
          </label>
          {v.notifyByEmail && <TextField label="Email address" type="email" value={v.email} error={errors.email} onChange={(e) => setV({ ...v, email: e.target.value })} />}
          <label className={styles.check}>
            <input type="checkbox" checked={v.notifyByText} onChange={(e) => setV({ ...v, notifyByText: e.target.checked })} /> Text
          </label>
          {v.notifyByText && (
            <>
              <TextField label="Phone number" type="tel" value={v.phone} error={errors.phone} onChange={(e) => setV({ ...v, phone: e.target.value })} />
              {!v.textingAlerts && (
                <label className={styles.check}>
                  <input type="checkbox" checked={v.overrideTextPermission} onChange={(e) => setV({ ...v, overrideTextPermission: e.target.checked })} />{' '}
                  {TEXT_OVERRIDE_LABEL}
                </label>
              )}
              {errors.overrideTextPermission && (
                <p className={styles.error} role="alert">
                  {errors.overrideTextPermission}
                </p>
              )}
            </>
          )}
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || (!v.notifyByEmail && !v.notifyByText)}>
              {busy ? 'Sending...' : open === 'both' ? 'Send and Print' : 'Send'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
