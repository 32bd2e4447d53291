import { useEffect, useState } from 'react';
import { cardDevicePaymentSchema, cardTypeOptions } from '../../domain/forms/card-payment';
import { balanceShortcut, halfShortcut } from '../../domain/payments';
import { PAYMENT_ERROR_TOAST_MS } from '../../domain/constants';
import { toWire, type Money } from '../../domain/money';
import { cardEventDataSchema } from '../../contracts/payment-card';
import type { TerminalsReply } from '../../contracts/payment-card';
import { cancelSmartTerminal, getTerminals, startCardPayment } from '../../api/card-payment';
import { uuidv7 } from '../../db/ids';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import styles from './checkout.module.css';

export const CHOOSING_MESSAGE = 'The customer is choosing the payment method...';
export const APPROVED_MESSAGE = 'The transaction was approved.';

type Errors = Partial<Record<'amount' | 'department' | 'device' | 'cardType', string>>;

/**
 * Card on a smart terminal: department, device and card type (the spec's messages), then a waiting
 * dialog while the customer is choosing, with Cancel Transaction; the outcome arrives on the
 * attempt's event stream. Needs the network: the order is synced first so the server has it.
 */
export function CardPaymentModal(props: { orderId: string; balanceDue: Money; onClose: () => void; beforeStart: () => Promise<boolean>; onDone: () => void }) {
  const toast = useToast();
  const [terminals, setTerminals] = useState<TerminalsReply | null>(null);
  const [v, setV] = useState({ amount: toWire(balanceShortcut(props.balanceDue)), department: '', device: '', cardType: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [waiting, setWaiting] = useState<{ attemptId: string; device: string } | null>(null);

  useEffect(() => {
    getTerminals()
      .then(setTerminals)
      .catch((e: unknown) => toast.error((e as Error).message));
  }, [toast]);

  useEffect(() => {
    if (!waiting) return;
    const source = new EventSource(`/pos/checkout/cardPayment/events?attemptId=${waiting.attemptId}`);
    const finish = (ok: boolean, message: string) => {
      source.close();
      setWaiting(null);
      if (ok) {
        toast.success(APPROVED_MESSAGE);
        props.onDone();
        props.onClose();
      } else toast.error(message, { title: 'Payment Failed', duration: PAYMENT_ERROR_TOAST_MS });
    };
    const read = (e: Event) => cardEventDataSchema.safeParse(JSON.parse((e as MessageEvent<string>).data));
    source.addEventListener('approved', (e) => finish(true, read(e).data?.message ?? ''));
    for (const name of ['declined', 'timed_out', 'cancelled'] as const) {
      source.addEventListener(name, (e) => finish(false, read(e).data?.message ?? 'The payment was not approved.'));
    }
    return () => source.close();
    // props callbacks are stable enough for one attempt; the stream belongs to `waiting`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  const start = async () => {
    const parsed = cardDevicePaymentSchema.safeParse(v);
    if (!parsed.success) {
      const e: Errors = {};
      for (const i of parsed.error.issues) e[i.path[0] as keyof Errors] ??= i.message;
      setErrors(e);
      return;
    }
    setErrors({});
    if (!(await props.beforeStart())) return;
    const attemptId = uuidv7();
    try {
      await startCardPayment({ orderId: props.orderId, attemptId, amount: parsed.data.amount, department: parsed.data.department, device: parsed.data.device, cardType: parsed.data.cardType });
      setWaiting({ attemptId, device: parsed.data.device });
    } catch (e) {
      toast.error((e as Error).message, { title: 'Payment Failed', duration: PAYMENT_ERROR_TOAST_MS });
    }
  };

  if (waiting) {
    return (
      <Modal
        open
        onOpenChange={() => undefined}
        title="Waiting for the customer"
        footer={
          <Button variant="danger" onClick={() => void cancelSmartTerminal(waiting.device, waiting.attemptId).catch((e: unknown) => toast.error((e as Error).message))}>
            Cancel Transaction
          </Button>
        }
      >
        <Spinner label={CHOOSING_MESSAGE} />
        <p role="status">{CHOOSING_MESSAGE}</p>
      </Modal>
    );
  }
  const devices = terminals?.devices.filter((d) => d.departmentId === v.department) ?? [];
  return (
    <Modal
      open
      onOpenChange={(o) => !o && props.onClose()}
      title="Card Payment"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => void start()} disabled={!terminals}>
            Charge Card
          </Button>
        </>
      }
    >
      <TextField label="Amount" inputMode="decimal" value={v.amount} error={errors.amount} onChange={(e) => setV({ ...v, amount: e.target.value })} />
      <div className={styles.shortcuts}>
        <Button variant="secondary" onClick={() => setV({ ...v, amount: toWire(balanceShortcut(props.balanceDue)) })}>
          Balance
        </Button>
        <Button variant="secondary" onClick={() => setV({ ...v, amount: toWire(halfShortcut(props.balanceDue)) })}>
          50%
        </Button>
      </div>
      <SelectField label="Department" value={v.department} error={errors.department} onChange={(e) => setV({ ...v, department: e.target.value, device: '' })}>
        <option value="">Select a department</option>
        {terminals?.departments.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Device" value={v.device} error={errors.device} onChange={(e) => setV({ ...v, device: e.target.value })}>
        <option value="">Select a device</option>
        {devices.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Card Type" value={v.cardType} error={errors.cardType} onChange={(e) => setV({ ...v, cardType: e.target.value })}>
        <option value="">Select a card type</option>
        {cardTypeOptions.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
    </Modal>
  );
}
