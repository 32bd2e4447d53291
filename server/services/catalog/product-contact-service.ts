/**
 * The Contact Us modal's server side (storefront.md §2 "Contact Us modal", §5, §7): the stores a
 * shopper may write to, and the message itself.
 *
 * Must stay true: the recipient is the chosen store's own address from the locations table, never
 * the pcLocationEmail the browser sends (that would make the form an open mail relay). A message
 * needs a solved captcha (its payload sent as captchaInput), and one solve sends one message.
 * The message rides the notifications outbox like receipts (docs/decisions/notifications.md "Durable
 * sending"; docs/decisions/storefront.md "Contact Us"): the row is committed `queued`, then the
 * retrying sender hands it to the mailer. Sent at once: "has been sent"; the mail server down or
 * saying "try later": the row stays queued, is retried in the background and the answer says it
 * is queued (200: answering "failed" would make the shopper send it again, and the store get two);
 * refused for good (5xx): 502. The sender's claim makes sure no row is mailed twice.
 */
import type { Kysely } from 'kysely';
import type {
  ContactLocationsReply,
  ProductContactReply,
  ProductContactRequest,
} from '../../../src/contracts/product-contact';
import type { SessionUser } from '../../../src/contracts/session';
import { CAPTCHA_NEEDED } from '../../../src/domain/forms/captcha';
import { firstEmail } from '../../../src/domain/forms/contact';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';
import type { NotificationSender } from '../notifications/notification-sender';
import { loadProductSettings } from './product-settings';

export const CONTACT_SENT = 'Thank you! Your message has been sent to the store.';
export const CONTACT_FAILED = 'Your message could not be sent. Please try again later.';
/** The mail server could not take it yet: it is kept and sent by the outbox's retries (our text; the spec has none). */
export const CONTACT_QUEUED =
  'Thank you! Your message is saved and will be sent to the store as soon as our mail server answers.';
export { CAPTCHA_NEEDED };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class ProductContactService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sender: Pick<NotificationSender, 'deliver'>,
  ) {}

  async popupText(): Promise<{ dealer_locator_popup_text: string; dealer_locator_popup_heading_text: string }> {
    const s = await loadProductSettings(this.db);
    return { dealer_locator_popup_text: s.popupText, dealer_locator_popup_heading_text: s.popupHeading };
  }

  async locations(): Promise<ContactLocationsReply> {
    const rows = await this.db
      .selectFrom('locations')
      .select(['location_id', 'name', 'address_1', 'city', 'zone_code', 'postcode', 'email'])
      .where('status', '=', true)
      .orderBy('is_default', 'desc')
      .orderBy('location_id')
      .execute();
    return {
      locations: rows
        .filter((r) => firstEmail(r.email) !== '')
        .map((r) => ({
          location_id: r.location_id,
          location_name: r.name,
          address: [r.address_1, r.city, `${r.zone_code} ${r.postcode}`.trim()].filter(Boolean).join(', '),
          email_address: firstEmail(r.email),
        })),
    };
  }

  /**
   * `consumeCaptcha` is the captcha port's consume() for this browser; it runs after the input is
   * known to be good, so a typo in the store choice does not cost the shopper a new captcha.
   */
  async send(
    form: ProductContactRequest,
    user: SessionUser | null,
    consumeCaptcha: () => boolean | Promise<boolean>,
  ): Promise<ProductContactReply> {
    const locationId = Number(form.pcLocation);
    const location = Number.isInteger(locationId)
      ? await this.db
          .selectFrom('locations')
          .select(['location_id', 'name', 'email'])
          .where('location_id', '=', locationId)
          .where('status', '=', true)
          .executeTakeFirst()
      : undefined;
    const to = location ? firstEmail(location.email) : '';
    if (!location || !to)
      throw new ServiceError('refused', 'invalid_input', 'Please choose a store.', {
        pcLocation: ['Please choose a store.'],
      });
    const product = await this.db
      .selectFrom('products')
      .select(['product_id', 'name', 'mpn', 'slug'])
      .where('product_id', '=', form.product_id)
      .executeTakeFirst();
    if (!product) throw notFound('This product could not be found.');
    if (!(await consumeCaptcha()))
      throw new ServiceError('refused', 'captcha_required', CAPTCHA_NEEDED, { captchaInput: [CAPTCHA_NEEDED] });

    const subject = `Product inquiry: ${product.name} (Part # ${product.mpn})`;
    const lines = [
      `Product: ${product.name} (Part # ${product.mpn}) /${product.slug}`,
      `Store: ${location.name}`,
      `Name: ${form.pcName}`,
      `Email: ${form.pcEmail}`,
      `Phone: ${form.pcPhone}`,
      '',
      form.pcMessage,
    ];
    const text = lines.join('\n');
    const html = `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
    const db = this.db;
    const row = await db
      .insertInto('notifications')
      .values({
        channel: 'email',
        kind: 'product_contact',
        recipient: to,
        subject,
        body: text,
        html,
        status: 'queued',
        order_ref: null,
        actor_id: user ? `${user.kind}:${user.id}` : 'guest',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Committed above (no transaction: one insert); now the outbox's sender, as for receipts.
    const outcomes = await this.sender.deliver([row.id]);
    if (outcomes.some((o) => o.result === 'failed'))
      throw new ServiceError('upstream_failed', 'notification_failed', CONTACT_FAILED);
    // 'retry', or no outcome (the background round claimed the row first): it goes out from the outbox.
    if (!outcomes.some((o) => o.result === 'sent')) return { success: CONTACT_QUEUED, queued: true };
    return { success: CONTACT_SENT };
  }
}
