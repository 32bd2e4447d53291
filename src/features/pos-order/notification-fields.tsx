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
  const [byEmail, byText] = form.watch(['notifyByEmail', 'notifyByText']);
  return Object.assign(form, { nothingChosen: !byEmail && !byText });
}

export function NotificationFields({ form }: { form: ReturnType<typeof useNotificationForm> }) {
  const v = form.watch();
  const overrideError = form.error('overrideTextPermission');
  return (
    <>
      <label className={modalForm.check}>
        <input type="checkbox" {...form.register('notifyByEmail')} /> Email
      </label>
      {v.notifyByEmail && <TextField label="Email address" type="email" {...form.field('email')} />}
      <label className={modalForm.check}>
        <input type="checkbox" {...form.register('notifyByText')} /> Text
      </label>
      {v.notifyByText && (
        <>
          <TextField label="Phone number" type="tel" {...form.field('phone')} />
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
