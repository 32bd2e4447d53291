import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { sendReceipt } from '../../api/send-receipt';
import { uuidv7 } from '../../db/ids';
import { useOnline } from '../../device/use-online';
import { useRunMutation } from '../../device/use-run-mutation';
import { NOTIFICATION_SEND_FAILED, type NotificationForm } from '../../domain/forms/notification';
import type { Customer } from '../../domain/mutations/records';
import { NotificationFields, useNotificationForm } from '../../features/pos-order/notification-fields';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast/toast-context';
import styles from './receipt.module.css';

/** Not in the spec: the receipt waits in this device's outbox (docs/decisions/notifications.md "Receipts sent offline"). */
export const RECEIPT_QUEUED_OFFLINE = 'Receipt queued: it goes out as soon as this device is back online.';

export interface SendReceiptPanelProps {
  /** The order's number (or uuid) for the call, and its uuid for the queued mutation. */
  orderId: number | string;
  orderUuid: string;
  customer: Customer | null;
}

/**
 * "Send or Print Receipt/Invoice": Email/Text (the notification form and its rules), Print, or Both.
 * Printing never needs the network; sending offline (or when the call never reaches the server)
 * queues the receipt in the device's outbox and it goes out at reconnect.
 */
export function SendReceiptPanel(props: SendReceiptPanelProps) {
  const [open, setOpen] = useState<'send' | 'both' | null>(null);
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
      {open && <SendForm {...props} both={open === 'both'} onDone={() => setOpen(null)} />}
    </section>
  );
}

function SendForm({
  orderId,
  orderUuid,
  customer,
  both,
  onDone,
}: SendReceiptPanelProps & { both: boolean; onDone: () => void }) {
  const toast = useToast();
  const run = useRunMutation();
  const online = useOnline();
  const form = useNotificationForm(customer);
  const [busy, setBusy] = useState(false);

  const queue = async (values: NotificationForm): Promise<boolean> => {
    const ok = await run('receipt.send', {
      order_ref: orderUuid,
      id: uuidv7(),
      notify_by_email: values.notifyByEmail,
      email: values.email,
      notify_by_text: values.notifyByText,
      phone: values.phone,
      texting_alerts: values.textingAlerts,
      override_text_permission: values.overrideTextPermission,
    });
    if (ok) toast.success(RECEIPT_QUEUED_OFFLINE);
    return ok;
  };

  const send = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      let done: boolean;
      if (!online) done = await queue(values);
      else {
        try {
          const r = await sendReceipt(orderId, values);
          if (r.error) throw new Error(r.error);
          toast.success(r.success ?? 'The receipt was sent.');
          done = true;
        } catch (e) {
          if (!(e instanceof ApiError && e.isNetwork)) throw e;
          done = await queue(values);
        }
      }
      if (done) {
        if (both) window.print();
        onDone();
      }
    } catch {
      toast.error(NOTIFICATION_SEND_FAILED);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className={styles.sendForm} noValidate onSubmit={(e) => void send(e)}>
      <NotificationFields form={form} />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || form.nothingChosen}>
          {busy ? 'Sending...' : both ? 'Send and Print' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
