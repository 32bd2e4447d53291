import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_SEND_FAILED } from '../../domain/forms/notification';
import type { Customer } from '../../domain/mutations/records';
import { toWire, type Money } from '../../domain/money';
import { ApiError } from '../../api/api-error';
import { sendPaymentLink } from '../../api/send-receipt';
import { NotificationFields, useNotificationForm } from '../../features/pos-order/notification-fields';
import { Button } from '../../ui/button';
import { formatMoney } from '../../ui/format-money';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { useToast } from '../../ui/toast/toast-context';
import styles from './checkout.module.css';

/** How often the open modal asks the server whether the customer has paid. */
export const ONLINE_PAYMENT_POLL_MS = 4000;
export const ONLINE_PAYMENT_RECEIVED = 'The online payment was received.';

/**
 * Online payment (pos-back-office.md §7 sendPaymentURL): the customer gets a link by email and/or
 * text and pays the balance on their own phone (/checkout/pay). The server records the `online`
 * transaction; while this stays open it syncs every few seconds, and the panels update when the
 * payment arrives through the pull. Closing it leaves the link valid (7 days).
 */
export function OnlinePaymentModal(props: {
  orderId: string;
  balanceDue: Money;
  customer: Customer | null;
  onClose: () => void;
  beforeStart: () => Promise<boolean>;
  syncNow: () => void;
}) {
  const { balanceDue, syncNow, onClose } = props;
  const toast = useToast();
  const form = useNotificationForm(props.customer);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const dueWhenSent = useRef<Money | null>(null);

  // Waiting for the customer: pull now and then; a lower balance means their payment arrived.
  useEffect(() => {
    if (!sentTo) return;
    const t = setInterval(syncNow, ONLINE_PAYMENT_POLL_MS);
    return () => clearInterval(t);
  }, [sentTo, syncNow]);
  useEffect(() => {
    if (dueWhenSent.current && balanceDue.lessThan(dueWhenSent.current)) {
      toast.success(ONLINE_PAYMENT_RECEIVED);
      onClose();
    }
  }, [balanceDue, onClose, toast]);

  const send = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      if (!(await props.beforeStart())) return;
      const r = await sendPaymentLink(props.orderId, values);
      if (r.error) throw new Error(r.error);
      toast.success(r.success ?? 'Payment link sent.');
      dueWhenSent.current = balanceDue;
      setSentTo(
        [values.notifyByEmail ? values.email : null, values.notifyByText ? values.phone : null]
          .filter(Boolean)
          .join(' and '),
      );
    } catch (e) {
      // A refusal says why (no balance due, online payments off); anything else is a failed send.
      toast.error(
        e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message ? e.message : NOTIFICATION_SEND_FAILED,
      );
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Online Payment"
      footer={
        sentTo ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <ModalFooter
            onCancel={onClose}
            onSave={() => void send()}
            saveLabel={busy ? 'Sending...' : 'Send Payment Link'}
            disabled={busy || form.nothingChosen}
          />
        )
      }
    >
      {sentTo ? (
        <p role="status">
          Payment link sent to {sentTo}. Waiting for the customer to pay {formatMoney(toWire(balanceDue))}...
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            Send the customer a link to pay the balance of {formatMoney(toWire(balanceDue))} online.
          </p>
          <NotificationFields form={form} />
        </>
      )}
    </Modal>
  );
}
