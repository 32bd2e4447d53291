/**
 * Notify Customer on a history entry (pos-back-office.md §5): the form's notification fields
 * (src/domain/forms/notification.ts) under the names the mutations take (customerHistory.add,
 * orderHistory.add).
 */
import type { NotificationForm } from '../../../src/domain/forms/notification';

export const notifyArgs = (form: NotificationForm & { notifyCustomer: boolean }) => ({
  notify_customer: form.notifyCustomer,
  notify_by_email: form.notifyByEmail,
  notify_by_text: form.notifyByText,
  texting_alerts: form.textingAlerts,
  override_text_permission: form.overrideTextPermission,
  email: form.email,
  phone: form.phone,
});
