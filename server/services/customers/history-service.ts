/**
 * Customer history in customer admin (pos-back-office.md §7 "GET /api/customer_history; POST
 * /api/customer_history/add?customer_id={id} multipart: notifyCustomer, notifyByEmail,
 * notifyByText, overrideTextPermission, textingAlerts, email, phone, comment, image; returns
 * success or error"), the picture upload a device's sync makes before pushing its queued entry, and
 * the pictures themselves, for staff. The add is the domain's `customerHistory.add` run through the
 * server applier a sync push runs (server/commands/appliers/customer-history.ts), with the picture
 * stored in the same transaction. docs/decisions/pos.md "Customer history and uploads".
 */
import { randomUUID } from 'node:crypto';
import { HISTORY_ADDED, type HistoryForm } from '../../../src/domain/forms/history';
import { ServiceError, notFound } from '../../errors';
import type { Actor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';
import {
  listCustomerHistory,
  readHistoryImage,
  storeHistoryImage,
  type HistorySort,
} from '../../commands/records/customer-history';
import { notifyArgs } from '../notifications/notify-args';
import { checkHistoryImage, type StoredImage } from './history-image';
import { customerUuid } from '../pos/pos-lookups';

/** §3 "Customer history entry: customer_history_id, date_added, comment, image" (image: the thumbnail's address). */
export interface HistoryRow {
  customer_history_id: number;
  date_added: string;
  comment: string;
  /** The thumbnail (≤ 100 px wide), staff only; null without a picture. */
  image: string | null;
  /** The whole picture, staff only; null without one. */
  image_full: string | null;
}

/** §7 "Paged lists ... return results, totalPages, position": position is the first row's number (1-based). */
export interface HistoryListReply {
  results: HistoryRow[];
  totalPages: number;
  position: number;
  total: number;
  page: number;
  limit: number;
}

export interface HistoryListQuery {
  customer_id: string | number;
  page: number;
  limit: number;
  sort: HistorySort;
  order: 'asc' | 'desc';
}

/** The uploaded file as the route read it (null: none sent). */
export interface Upload {
  filename: string;
  bytes: Buffer;
}

export const imagePath = (id: string, size: 'thumb' | 'full') =>
  `/api/customer_history/image?id=${id}${size === 'thumb' ? '&size=thumb' : ''}`;

const badImage = (message: string) => new ServiceError('invalid', 'invalid_image', message, { image: [message] });
const taken = () => new ServiceError('conflict', 'id_taken', 'This entry already exists.');

/** The stored name says what the file is, whatever it was called: "brakes.png" of a JPEG is "brakes.jpg". */
function storedName(filename: string, mime: StoredImage['mime']): string {
  const base =
    filename
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w .()-]/g, '_')
      .slice(0, 200) || 'image';
  return `${base}.${mime === 'image/png' ? 'png' : 'jpg'}`;
}

export class CustomerHistoryService {
  constructor(private readonly commands: CommandRunner) {}

  async list(q: HistoryListQuery): Promise<HistoryListReply> {
    const customer = await customerUuid(this.commands.reader, q.customer_id);
    const page = await listCustomerHistory(this.commands.reader, customer, q);
    return {
      results: page.rows.map((h) => ({
        customer_history_id: h.customer_history_id ?? 0,
        date_added: h.date_added,
        comment: h.comment,
        image: h.image ? imagePath(h.id, 'thumb') : null,
        image_full: h.image ? imagePath(h.id, 'full') : null,
      })),
      totalPages: Math.ceil(page.total / q.limit),
      position: page.total === 0 ? 0 : (q.page - 1) * q.limit + 1,
      total: page.total,
      page: q.page,
      limit: q.limit,
    };
  }

  /** Add History: the picture checked and stored with the entry, in one transaction (nothing stored on a refusal). */
  async add(
    actor: Actor,
    customerId: string | number,
    form: HistoryForm,
    upload: Upload | null,
    id?: string,
  ): Promise<{ success: string }> {
    const customer = await customerUuid(this.commands.reader, customerId);
    const image = upload ? await this.checked(upload) : null;
    const entryId = id ?? randomUUID();
    await this.commands.transaction(actor, async (tx) => {
      if (image && upload) {
        if ((await storeHistoryImage(tx.trx, entryId, customer, image, actor.id)) === 'taken') throw taken();
      }
      await this.commands.run(tx, 'customerHistory.add', {
        id: entryId,
        customer_ref: customer,
        comment: form.comment,
        image:
          image && upload
            ? { name: storedName(upload.filename, image.mime), type: image.mime, size: image.bytes.length }
            : null,
        ...notifyArgs(form),
      });
    });
    return { success: HISTORY_ADDED };
  }

  /**
   * A device's queued entry's picture, uploaded by its sync before the push (keyed by the entry's
   * uuid: a retried upload stores nothing new). The entry itself arrives through the push.
   */
  async upload(actor: Actor, customerId: string | number, id: string, upload: Upload): Promise<{ success: true }> {
    const customer = await customerUuid(this.commands.reader, customerId);
    const image = await this.checked(upload);
    const stored = await this.commands.transaction(actor, (tx) =>
      storeHistoryImage(tx.trx, id, customer, image, actor.id),
    );
    if (stored === 'taken') throw taken();
    return { success: true };
  }

  /** An entry's picture or thumbnail; 404 when there is none (or its entry never arrived). */
  async image(id: string, size: 'thumb' | 'full'): Promise<{ mime: string; bytes: Buffer }> {
    const found = await readHistoryImage(this.commands.reader, id, size === 'thumb' ? 'thumb' : 'full');
    if (!found) throw notFound('Image not found.');
    return found;
  }

  private async checked(upload: Upload): Promise<StoredImage> {
    const r = await checkHistoryImage(upload.bytes);
    if (!r.ok) throw badImage(r.message);
    return r.image;
  }
}
