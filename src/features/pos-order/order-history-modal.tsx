import { useState } from 'react';
import { orderHistoryFormSchema, ORDER_HISTORY_FAILED } from '../../domain/forms/order-history';
import { TEXT_OVERRIDE_LABEL } from '../../domain/forms/notification';
import { uuidv7 } from '../../db/ids';
import { formatDateTime } from '../../ui/format-date';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast/toast-context';
import type { HistoryRow, OrderStatusRow } from './order-data';
import type { RunMutation } from '../../device/use-run-mutation';
import styles from './order-history-modal.module.css';

type Errors = Partial<Record<'orderStatusId' | 'email' | 'phone' | 'overrideTextPermission', string>>;

/** Order History: the entries so far and the form to add one (notify fields only with Notify Customer). */
export function OrderHistoryModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  orderRef: string;
  currentStatusId: number | null;
  statuses: readonly OrderStatusRow[];
  history: readonly HistoryRow[];
  customer: { email: string; telephone: string; texting_alerts: boolean } | null;
  run: RunMutation;
}) {
  const toast = useToast();
  const initial = () => ({
    orderStatusId: String(props.currentStatusId ?? ''),
    comment: '',
    notifyCustomer: false,
    notifyByEmail: false,
    email: props.customer?.email ?? '',
    notifyByText: false,
    phone: props.customer?.telephone ?? '',
    textingAlerts: props.customer?.texting_alerts ?? false,
    overrideTextPermission: false,
  });
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const name = (id: number) => props.statuses.find((s) => s.order_status_id === id)?.name ?? String(id);

  const submit = async () => {
    const parsed = orderHistoryFormSchema.safeParse(v);
    if (!parsed.success) {
      const e: Errors = {};
      for (const i of parsed.error.issues) e[i.path[0] as keyof Errors] ??= i.message;
      setErrors(e);
      return;
    }
    setErrors({});
    const f = parsed.data;
    const ok = await props.run(
      'orderHistory.add',
      {
        order_ref: props.orderRef,
        id: uuidv7(),
        order_status_id: f.orderStatusId,
        comment: f.comment,
        notify_customer: f.notifyCustomer,
        notify_by_email: f.notifyByEmail,
        notify_by_text: f.notifyByText,
        texting_alerts: f.textingAlerts,
        override_text_permission: f.overrideTextPermission,
        email: f.email,
        phone: f.phone,
      },
      { failure: ORDER_HISTORY_FAILED },
    );
    if (ok) {
      toast.success('The order history was added.');
      setV(initial());
      props.onOpenChange(false);
    }
  };

  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Order History"
      footer={
        <>
          <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void submit()}>Add History</Button>
        </>
      }
    >
      {props.history.length === 0 ? (
        <p className={styles.muted}>No Order History Results.</p>
      ) : (
        <ul className={styles.history} aria-label="History entries">
          {props.history.map((h) => (
            <li key={h.id}>
              <strong>{name(h.order_status_id)}</strong> · {formatDateTime(h.date_added)} {h.comment && `· ${h.comment}`}
            </li>
          ))}
        </ul>
      )}
      <SelectField label="Order Status" value={v.orderStatusId} error={errors.orderStatusId} onChange={(e) => setV({ ...v, orderStatusId: e.target.value })}>
        <option value="">Select a status</option>
        {props.statuses.map((s) => (
          <option key={s.order_status_id} value={s.order_status_id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Comment" value={v.comment} onChange={(e) => setV({ ...v, comment: e.target.value })} />
      <label className={styles.check}>
        <input type="checkbox" checked={v.notifyCustomer} onChange={(e) => setV({ ...v, notifyCustomer: e.target.checked })} /> Notify Customer
      </label>
      {v.notifyCustomer && (
        <fieldset className={styles.fieldset}>
          <legend>Notification</legend>
          <label className={styles.check}>
            <input type="checkbox" checked={v.notifyByEmail} onChange={(e) => setV({ ...v, notifyByEmail: e.target.checked })} /> Notify by email
          </label>
          {v.notifyByEmail && <TextField label="Email" type="email" value={v.email} error={errors.email} onChange={(e) => setV({ ...v, email: e.target.value })} />}
          <label className={styles.check}>
            <input type="checkbox" checked={v.notifyByText} onChange={(e) => setV({ ...v, notifyByText: e.target.checked })} /> Notify by text
          </label>
          {v.notifyByText && (
            <>
              <TextField label="Phone" type="tel" value={v.phone} error={errors.phone} onChange={(e) => setV({ ...v, phone: e.target.value })} />
              {!v.textingAlerts && (
                <label className={styles.check}>
                  <input type="checkbox" checked={v.overrideTextPermission} onChange={(e) => setV({ ...v, overrideTextPermission: e.target.checked })} /> {TEXT_OVERRIDE_LABEL}
                </label>
              )}
              {errors.overrideTextPermission && (
                <p className={styles.error} role="alert">
                  {errors.overrideTextPermission}
                </p>
              )}
            </>
          )}
        </fieldset>
      )}
    </Modal>
  );
}
