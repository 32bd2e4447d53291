/**
 * Text of the messages the shop sends: the receipt (email: plain text + HTML; text message: one
 * short line) and the payment link. Rendered from the invoice data (checkout-invoice.ts) so a
 * receipt shows exactly what the invoice and the checkout screen show. Everything from the
 * database is HTML-escaped.
 */
import type { InvoiceReply } from '../../../src/contracts/checkout-invoice';
import { formatUSD } from '../../../src/domain/money';

export interface Rendered {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const orderLabel = (inv: InvoiceReply): string =>
  inv.order.order_id !== null ? `Order # ${inv.order.order_id}` : `Order ${inv.order.device_ref ?? inv.order.id}`;

function paymentLabel(p: InvoiceReply['payments'][number]): string {
  // A card payment's label names the card already since issue 19 ("Card Visa ****4242").
  const card = p.card && !p.label.includes(p.card.last4) ? ` ${p.card.brand} ending ${p.card.last4}` : '';
  const check = p.check_number !== null ? ` #${p.check_number}` : '';
  return `${p.label}${card}${check}`;
}

/** The receipt's last line when the shop set no footer (setting receipt_footer). */
const THANKS = 'Thank you for your business!';

function pad(left: string, right: string, width = 48): string {
  return `${left}${' '.repeat(Math.max(1, width - left.length - right.length))}${right}`;
}

function textReceipt(inv: InvoiceReply): string {
  const out: string[] = [
    inv.store.name,
    ...inv.store.address,
    inv.store.telephone,
    '',
    `${orderLabel(inv)}  ${inv.order.date_added.slice(0, 10)}`,
  ];
  if (inv.order.customer) out.push(`Customer: ${inv.order.customer.name}`);
  out.push('');
  for (const l of inv.lines) {
    out.push(pad(`${l.quantity} x ${l.name}`, formatUSD(l.total)));
    for (const d of l.details) out.push(`    ${d}`);
  }
  out.push('');
  for (const t of inv.totals) out.push(pad(t.title, t.text));
  out.push('', 'Payments:');
  if (inv.payments.length === 0) out.push('  No transactions have been made yet.');
  for (const p of inv.payments) out.push(pad(`  ${paymentLabel(p)}`, formatUSD(p.amount)));
  out.push(
    pad('Amount Paid', formatUSD(inv.amountPaid)),
    pad(inv.balanceLabel, formatUSD(inv.balanceDue.replace('-', ''))),
    '',
    inv.statusText,
    '',
    inv.footer || THANKS,
  );
  return out.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n');
}

function htmlReceipt(inv: InvoiceReply): string {
  const row = (a: string, b: string, strong = false) =>
    `<tr><td>${strong ? `<strong>${a}</strong>` : a}</td><td style="text-align:right">${strong ? `<strong>${b}</strong>` : b}</td></tr>`;
  const lines = inv.lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} &times; ${esc(l.name)}${l.details.map((d) => `<br><small>${esc(d)}</small>`).join('')}</td><td style="text-align:right">${esc(formatUSD(l.total))}</td></tr>`,
    )
    .join('');
  const totals = inv.totals.map((t) => row(esc(t.title), esc(t.text), t.code === 'total')).join('');
  const payments =
    inv.payments.length === 0
      ? '<tr><td colspan="2">No transactions have been made yet.</td></tr>'
      : inv.payments.map((p) => row(esc(paymentLabel(p)), esc(formatUSD(p.amount)))).join('');
  return [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:560px">',
    `<h1 style="font-size:20px">${esc(inv.store.name)}</h1>`,
    `<p>${[...inv.store.address, inv.store.telephone].filter(Boolean).map(esc).join('<br>')}</p>`,
    `<h2 style="font-size:16px">${esc(orderLabel(inv))}</h2>`,
    inv.order.customer ? `<p>Customer: ${esc(inv.order.customer.name)}</p>` : '',
    `<table style="width:100%;border-collapse:collapse">${lines}</table><hr>`,
    `<table style="width:100%">${totals}</table><h3 style="font-size:14px">Payments</h3>`,
    `<table style="width:100%">${payments}${row('Amount Paid', esc(formatUSD(inv.amountPaid)))}${row(inv.balanceLabel, esc(formatUSD(inv.balanceDue.replace('-', ''))), true)}</table>`,
    `<p><strong>${esc(inv.statusText)}</strong></p><p>${esc(inv.footer || THANKS)}</p></body></html>`,
  ].join('');
}

export function renderReceipt(inv: InvoiceReply): Rendered {
  return {
    subject: `Your receipt from ${inv.store.name} - ${orderLabel(inv)}`,
    text: textReceipt(inv),
    html: htmlReceipt(inv),
    sms: `${inv.store.name}: receipt for ${orderLabel(inv)}. Total ${formatUSD(inv.orderTotal)}, paid ${formatUSD(inv.amountPaid)}, ${inv.statusText}. Thank you!`,
  };
}

export function renderPaymentLink(inv: InvoiceReply, url: string, expiresAt: Date): Rendered {
  const due = formatUSD(inv.balanceDue);
  const until = expiresAt.toISOString().slice(0, 10);
  const text = [
    `${inv.store.name}`,
    '',
    `${orderLabel(inv)}: ${due} is due.`,
    `Pay securely online: ${url}`,
    `This link works until ${until}.`,
    '',
    textReceipt(inv),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:560px">',
    `<h1 style="font-size:20px">${esc(inv.store.name)}</h1>`,
    `<p>${esc(orderLabel(inv))}: <strong>${esc(due)}</strong> is due.</p>`,
    `<p><a href="${esc(url)}" style="display:inline-block;padding:12px 20px;background:#1f6feb;color:#fff;text-decoration:none;border-radius:6px">Pay ${esc(due)} now</a></p>`,
    `<p><small>This link works until ${esc(until)}. If the button does not work, open ${esc(url)}</small></p>`,
    '</body></html>',
  ].join('');
  return {
    subject: `Payment request from ${inv.store.name} - ${orderLabel(inv)}`,
    text,
    html,
    sms: `${inv.store.name}: ${due} is due on ${orderLabel(inv)}. Pay here: ${url}`,
  };
}

/** An order history entry with Notify Customer: the new status and the staff's comment. */
export function renderOrderUpdate(inv: InvoiceReply, status: string, comment: string): Rendered {
  const text = [
    inv.store.name,
    '',
    `${orderLabel(inv)} is now: ${status}`,
    ...(comment ? ['', comment] : []),
    '',
    [inv.store.telephone, inv.store.email].filter(Boolean).join(' · '),
  ]
    .join('\n')
    .trim();
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;max-width:560px">',
    `<h1 style="font-size:20px">${esc(inv.store.name)}</h1>`,
    `<p>${esc(orderLabel(inv))} is now: <strong>${esc(status)}</strong></p>`,
    comment ? `<p>${esc(comment).replace(/\n/g, '<br>')}</p>` : '',
    `<p><small>${[inv.store.telephone, inv.store.email].filter(Boolean).map(esc).join(' · ')}</small></p>`,
    '</body></html>',
  ].join('');
  return {
    subject: `${orderLabel(inv)} update from ${inv.store.name}: ${status}`,
    text,
    html,
    sms: `${inv.store.name}: ${orderLabel(inv)} is now ${status}.${comment ? ` ${comment}` : ''}`.slice(0, 320),
  };
}

/** A booked appointment's confirmation (Notify Customer on Book Appointment). */
export function renderAppointment(a: {
  store: string;
  telephone: string;
  customer: string;
  bay: string;
  date: string;
  time: string;
  duration: number;
}): Rendered {
  const when = `${a.date} @ ${a.time}`;
  const text = [
    a.store,
    '',
    `${a.customer ? `${a.customer}, your` : 'Your'} appointment is booked: ${when} (${a.duration} minutes, ${a.bay}).`,
    '',
    a.telephone ? `Questions? Call ${a.telephone}.` : '',
  ]
    .join('\n')
    .trim();
  return {
    subject: `Your appointment at ${a.store}: ${when}`,
    text,
    html: `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1 style="font-size:20px">${esc(a.store)}</h1><p>Your appointment is booked: <strong>${esc(when)}</strong> (${a.duration} minutes, ${esc(a.bay)}).</p>${a.telephone ? `<p>Questions? Call ${esc(a.telephone)}.</p>` : ''}</body></html>`,
    sms: `${a.store}: your appointment is booked for ${when} (${a.duration} min).`,
  };
}
