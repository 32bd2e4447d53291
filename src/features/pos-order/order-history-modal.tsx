import { useState } from 'react';
import { Button } from '../../ui/button';
import { orderHistoryFormSchema, ORDER_HISTORY_FAILED } from '../../domain/forms/order-history';
import { uuidv7 } from '../../db/ids';
import { formatDateTime } from '../../ui/format-date';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import { NotifyCustomerFields, notifyPayload } from './notification-fields';
import type { HistoryRow, OrderDetail, OrderStatusRow } from './order-data';
import type { RunMutation } from '../../device/use-run-mutation';
import styles from './order-history-modal.module.css';

const HISTORY_LABELS = { byEmail: 'Notify by email', email: 'Email', byText: 'Notify by text', phone: 'Phone' };

/** "Order History" and the modal it opens, for a loaded order (the checkout and the receipt). */
export function OrderHistoryButton({
  detail,
  ...rest
}: {
  detail: OrderDetail;
  customer: { email: string; telephone: string; texting_alerts: boolean } | null;
  run: RunMutation;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Order History
      </Button>
      <OrderHistoryModal
        open={open}
        onOpenChange={setOpen}
        orderRef={detail.order.id}
        currentStatusId={detail.order.order_status_id}
        statuses={detail.statuses}
        history={detail.history}
        {...rest}
      />
    </>
  );
}

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
  const form = useZodForm(orderHistoryFormSchema, initial());
  const name = (id: number) => props.statuses.find((s) => s.order_status_id === id)?.name ?? String(id);

  const submit = form.handleSubmit(async (f) => {
    const ok = await props.run(
      'orderHistory.add',
      {
        order_ref: props.orderRef,
        id: uuidv7(),
        order_status_id: f.orderStatusId,
        comment: f.comment,
        ...notifyPayload(f),
      },
      { failure: ORDER_HISTORY_FAILED },
    );
    if (ok) {
      toast.success('The order history was added.');
      form.reset(initial());
      props.onOpenChange(false);
    }
  });

  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Order History"
      footer={
        <ModalFooter onCancel={() => props.onOpenChange(false)} onSave={() => void submit()} saveLabel="Add History" />
      }
    >
      {props.history.length === 0 ? (
        <p className={styles.muted}>No Order History Results.</p>
      ) : (
        <ul className={styles.history} aria-label="History entries">
          {props.history.map((h) => (
            <li key={h.id}>
              <strong>{name(h.order_status_id)}</strong> · {formatDateTime(h.date_added)}{' '}
              {h.comment && `· ${h.comment}`}
            </li>
          ))}
        </ul>
      )}
      <SelectField label="Order Status" {...form.field('orderStatusId')}>
        <option value="">Select a status</option>
        {props.statuses.map((s) => (
          <option key={s.order_status_id} value={s.order_status_id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Comment" {...form.register('comment')} />
      <NotifyCustomerFields form={form} labels={HISTORY_LABELS} />
    </Modal>
  );
}
