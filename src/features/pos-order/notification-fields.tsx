import { useState } from 'react';
import { notificationFormSchema, TEXT_OVERRIDE_LABEL, type NotificationForm } from '../../domain/forms/notification';
import type { Customer } from '../../domain/mutations/records';
import { TextField } from '../../ui/field';
import styles from './notification-fields.module.css';

type Errors = Partial<Record<'email' | 'phone' | 'overrideTextPermission', string>>;
type Values = ReturnType<typeof initialValues>;

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
 * and the checkout's payment link use it: values start from the order's customer.
 */
export function useNotificationForm(customer: Customer | null) {
  const [values, setValues] = useState<Values>(() => initialValues(customer));
  const [errors, setErrors] = useState<Errors>({});
  /** The form's values when valid (errors cleared), else null with the errors shown. */
  const validate = (): NotificationForm | null => {
    const parsed = notificationFormSchema.safeParse(values);
    if (!parsed.success) {
      const e: Errors = {};
      for (const i of parsed.error.issues) e[i.path[0] as keyof Errors] ??= i.message;
      setErrors(e);
      return null;
    }
    setErrors({});
    return parsed.data;
  };
  const nothingChosen = !values.notifyByEmail && !values.notifyByText;
  return { values, setValues, errors, validate, nothingChosen };
}

export function NotificationFields({ form }: { form: ReturnType<typeof useNotificationForm> }) {
  const { values: v, setValues: setV, errors } = form;
  return (
    <>
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
    </>
  );
}
