/**
 * The messages of an online order (docs/decisions/storefront.md "Online orders and fulfilment"):
 * the confirmation at placement (the receipt, headed by how the order is fulfilled) and the
 * shopper's "ready for pickup" and "shipped" notes. Everything from the database is escaped.
 */
import type { InvoiceReply } from '../../../src/contracts/checkout-invoice';
import { formatUSD } from '../../../src/domain/money';
import { orderLabel, renderReceipt, type Rendered } from './notification-render';

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** How the order reaches the shopper, as the messages word it. */
export interface FulfilmentText {
  /** "Pickup at Partsdesk Auto Parts - Austin" or "Shipping to". */
  heading: string;
  /** The store's or the shipping address's lines. */
  lines: string[];
}

/** Puts `intro` (already HTML) at the top of a receipt's HTML body. */
function withIntro(html: string, intro: string): string {
  const at = html.indexOf('>', html.indexOf('<body'));
  return at < 0 ? intro + html : html.slice(0, at + 1) + intro + html.slice(at + 1);
}

export function renderOrderConfirmation(inv: InvoiceReply, how: FulfilmentText): Rendered {
  const receipt = renderReceipt(inv);
  const intro = [`Thank you for your order! ${orderLabel(inv)} has been placed.`, '', how.heading, ...how.lines, ''];
  const html = `<p>Thank you for your order! <strong>${esc(orderLabel(inv))}</strong> has been placed.</p><p><strong>${esc(how.heading)}</strong><br>${how.lines.map(esc).join('<br>')}</p>`;
  return {
    subject: `Order confirmation from ${inv.store.name} - ${orderLabel(inv)}`,
    text: [...intro, receipt.text].join('\n'),
    html: withIntro(receipt.html, html),
    sms: `${inv.store.name}: thank you! ${orderLabel(inv)} (${formatUSD(inv.orderTotal)}) has been placed. ${how.heading}.`,
  };
}

export function renderReadyForPickup(inv: InvoiceReply, how: FulfilmentText): Rendered {
  const text = [
    inv.store.name,
    '',
    `${orderLabel(inv)} is ready for pickup.`,
    '',
    how.heading,
    ...how.lines,
    '',
    'Bring your order number with you. Thank you!',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1 style="font-size:20px">${esc(inv.store.name)}</h1><p><strong>${esc(orderLabel(inv))}</strong> is ready for pickup.</p><p><strong>${esc(how.heading)}</strong><br>${how.lines.map(esc).join('<br>')}</p><p>Bring your order number with you. Thank you!</p></body></html>`;
  return {
    subject: `Ready for pickup - ${orderLabel(inv)}`,
    text,
    html,
    sms: `${inv.store.name}: ${orderLabel(inv)} is ready for pickup. ${how.heading}.`,
  };
}

export function renderShipped(inv: InvoiceReply, how: FulfilmentText): Rendered {
  const text = [inv.store.name, '', `${orderLabel(inv)} has shipped.`, '', how.heading, ...how.lines].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1 style="font-size:20px">${esc(inv.store.name)}</h1><p><strong>${esc(orderLabel(inv))}</strong> has shipped.</p><p><strong>${esc(how.heading)}</strong><br>${how.lines.map(esc).join('<br>')}</p></body></html>`;
  return {
    subject: `Shipped - ${orderLabel(inv)}`,
    text,
    html,
    sms: `${inv.store.name}: ${orderLabel(inv)} has shipped.`,
  };
}
