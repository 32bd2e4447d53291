/**
 * The message Add History sends with Notify Customer (customer admin, pos-back-office.md §7
 * "POST /api/customer_history/add ... notifyCustomer"): the staff's comment from the shop. The
 * spec does not word it (docs/decisions/pos.md "Customer history and uploads"). Everything from
 * the database is HTML-escaped; the picture is not sent (it is the shop's record).
 */
import type { Rendered } from './notification-render';

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderCustomerNote(n: { store: string; customer: string; comment: string }): Rendered {
  const from = n.store || 'Your parts store';
  const greeting = n.customer ? `Hello ${n.customer},` : 'Hello,';
  const text = [greeting, '', n.comment || 'We added a note to your account.', '', from].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:560px">',
    `<p>${esc(greeting)}</p>`,
    `<p>${esc(n.comment || 'We added a note to your account.').replace(/\n/g, '<br>')}</p>`,
    `<p>${esc(from)}</p>`,
    '</body></html>',
  ].join('');
  return {
    subject: `A note from ${from}`,
    text,
    html,
    sms: `${from}: ${n.comment || 'We added a note to your account.'}`.slice(0, 320),
  };
}
