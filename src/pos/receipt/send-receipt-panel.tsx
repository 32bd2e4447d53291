import { useState } from 'react';
import { NOTIFICATION_SEND_FAILED } from '../../domain/forms/notification';
import type { Customer } from '../../domain/mutations/records';
import { sendReceipt } from '../../api/send-receipt';
import { NotificationFields, useNotificationForm } from '../../features/pos-order/notification-fields';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast/toast-context';
import styles from './receipt.module.css';

/**
 * "Send or Print Receipt/Invoice": Email/Text (the notification form and its rules), Print, or Both.
 * Sending needs the network; printing never does.
 */
export function SendReceiptPanel({ orderId, customer }: { orderId: number | string; customer: Customer | null }) {
  const toast = useToast();
  const [open, setOpen] = useState<'send' | 'both' | null>(null);
  const form = useNotificationForm(customer);
  const [busy, setBusy] = useState(false);

  const send = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const r = await sendReceipt(orderId, values);
      if (r.error) throw new Error(r.error);
      toast.success(r.success ?? 'The receipt was sent.');
      if (open === 'both') window.print();
      setOpen(null);
    } catch {
      toast.error(NOTIFICATION_SEND_FAILED);
    } finally {
      setBusy(false);
    }
  });

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
        <form className={styles.sendForm} noValidate onSubmit={(e) => void send(e)}>
          <NotificationFields form={form} />
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || form.nothingChosen}>
              {busy ? 'Sending...' : open === 'both' ? 'Send and Print' : 'Send'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
