import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { notificationFormSchema, TEXT_OVERRIDE_LABEL } from '../../domain/forms/notification';
import type { Customer } from '../../domain/mutations/records';
import { TextField } from '../../ui/field';
import modalForm from '../../ui/modal-form.module.css';
import { useZodForm } from '../../ui/use-zod-form';

function initialValues(customer: Customer | null) {
  return {
    notifyByEmail: Boolean(customer?.email),
    email: customer?.email ?? '',
    notifyByText: false,
    phone: customer?.telephone ?? '',
    textingAlerts: customer?.texting_alerts ?? false,
    overrideTextPermission: false,
  };
}

/**
 * The notification form (pos-back-office.md §3 "Notification form") as the receipt's Email/Text
 * and the checkout's payment link use it: values start from the order's customer. Submit with
 * `form.handleSubmit(send)`: `send` gets the checked values.
 */
export function useNotificationForm(customer: Customer | null) {
  const form = useZodForm(notificationFormSchema, initialValues(customer));
  // The customer is read from the device after the screen opens (or attached later): its email and
  // phone fill the form then, unless staff already typed in it.
  const { reset } = form;
  const dirty = form.formState.isDirty;
  const key = `${customer?.id ?? ''}|${customer?.email ?? ''}|${customer?.telephone ?? ''}`;
  useEffect(() => {
    if (!dirty) reset(initialValues(customer));
    // `key` is what matters of the customer; `dirty` is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reset]);
  const [byEmail, byText] = form.watch(['notifyByEmail', 'notifyByText']);
  return Object.assign(form, { nothingChosen: !byEmail && !byText });
}

/** The fields it shows: any form holding them can use it (the order history form has more). */
type NotificationField = 'notifyByEmail' | 'email' | 'notifyByText' | 'phone' | 'overrideTextPermission';

export interface NotificationFieldsForm {
  register: (name: NotificationField) => UseFormRegisterReturn;
  field: (name: NotificationField) => UseFormRegisterReturn & { error: string | undefined };
  error: (name: NotificationField) => string | undefined;
  watch: () => { notifyByEmail: boolean; notifyByText: boolean; textingAlerts: boolean };
}

const RECEIPT_LABELS = { byEmail: 'Email', email: 'Email address', byText: 'Text', phone: 'Phone number' };

/**
 * Email and/or text, the address and number, and the override of a customer who has not opted in to
 * texts (pos-back-office.md §5 consent rules). `labels` word them for the form they sit in.
 */
export function NotificationFields({
  form,
  labels = RECEIPT_LABELS,
}: {
  form: NotificationFieldsForm;
  labels?: typeof RECEIPT_LABELS;
}) {
  const v = form.watch();
  const overrideError = form.error('overrideTextPermission');
  return (
    <>
      <label className={modalForm.check}>
        <input type="checkbox" {...form.register('notifyByEmail')} /> {labels.byEmail}
      </label>
      {v.notifyByEmail && <TextField label={labels.email} type="email" {...form.field('email')} />}
      <label className={modalForm.check}>
        <input type="checkbox" {...form.register('notifyByText')} /> {labels.byText}
      </label>
      {v.notifyByText && (
        <>
          <TextField label={labels.phone} type="tel" {...form.field('phone')} />
          {!v.textingAlerts && (
            <label className={modalForm.check}>
              <input type="checkbox" {...form.register('overrideTextPermission')} /> {TEXT_OVERRIDE_LABEL}
            </label>
          )}
          {overrideError && (
            <p className={modalForm.error} role="alert">
              {overrideError}
            </p>
          )}
        </>
      )}
    </>
  );
}

export interface NotifyCustomerForm extends Omit<NotificationFieldsForm, 'register' | 'watch'> {
  register: (name: NotificationField | 'notifyCustomer') => UseFormRegisterReturn;
  watch: () => ReturnType<NotificationFieldsForm['watch']> & { notifyCustomer: boolean };
}

/** "Notify Customer", and when ticked the notification fields (the order history forms). */
export function NotifyCustomerFields({ form, labels }: { form: NotifyCustomerForm; labels: typeof RECEIPT_LABELS }) {
  const v = form.watch();
  return (
    <>
      <label className={modalForm.check}>
        <input type="checkbox" {...form.register('notifyCustomer')} /> Notify Customer
      </label>
      {v.notifyCustomer && (
        <fieldset className={modalForm.fieldset}>
          <legend>Notification</legend>
          <NotificationFields form={form} labels={labels} />
        </fieldset>
      )}
    </>
  );
}

/** What "Notify Customer" and the notification fields hold, as the history mutations take it. */
export const notifyPayload = (f: {
  notifyCustomer: boolean;
  notifyByEmail: boolean;
  notifyByText: boolean;
  textingAlerts: boolean;
  overrideTextPermission: boolean;
  email: string;
  phone: string;
}) => ({
  notify_customer: f.notifyCustomer,
  notify_by_email: f.notifyByEmail,
  notify_by_text: f.notifyByText,
  texting_alerts: f.textingAlerts,
  override_text_permission: f.overrideTextPermission,
  email: f.email,
  phone: f.phone,
});
