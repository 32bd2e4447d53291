/**
 * Customer history in customer admin (pos-back-office.md §7): GET /api/customer_history (a page of
 * a customer's entries), POST /api/customer_history/add?customer_id={id} (multipart: the notify
 * fields, comment, image), POST /api/customer_history/image?customer_id={id}&id={entry uuid} (a
 * queued entry's picture, uploaded by the device's sync before its push) and GET
 * /api/customer_history/image?id={entry uuid}[&size=thumb] (the picture, staff only, never a
 * public file). docs/decisions/pos.md "Customer history and uploads"; docs/security.md "Uploads".
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import { customerId, customerTablePageSchema } from './customer-params';
import { ServiceError } from '../errors';
import { staffActor } from '../commands/actor';
import type { CustomerHistoryService, Upload } from '../services/customers/history-service';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import { historyFormSchema, IMAGE_SIZE_MESSAGE } from '../../src/domain/forms/history';

export const historyListSchema = customerTablePageSchema.extend({
  sort: z.enum(['date_added', 'comment']).default('date_added'),
});

const customerQuery = z.object({ customer_id: customerId });
const uploadQuery = z.object({ customer_id: customerId, id: z.uuid() });
const imageQuery = z.object({ id: z.uuid(), size: z.enum(['thumb', 'full']).default('full') });
/** `id` lets a client retry without adding twice (the same id again is refused, 409). */
const addId = z.object({ id: z.uuid().optional() });

const MAX_FIELDS = 20;

const invalidUpload = (message: string) => new ServiceError('invalid', 'invalid_image', message, { image: [message] });

/**
 * The fields and the one file of a multipart body. The file is read up to the limit the plugin
 * enforces (2 MB): one byte more is refused with the spec's limit, before anything is stored.
 */
async function readMultipart(req: FastifyRequest): Promise<{ fields: Record<string, string>; upload: Upload | null }> {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    return { fields: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), upload: null };
  }
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || upload) {
          await part.toBuffer();
          throw invalidUpload('Send one image, as the field "image".');
        }
        const bytes = await part.toBuffer();
        // A form with no file chosen still sends an empty file part.
        if (bytes.length > 0 || part.filename !== '') upload = { filename: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidUpload(IMAGE_SIZE_MESSAGE);
    if (code.startsWith('FST_')) throw new ServiceError('invalid', 'invalid_multipart', (err as Error).message);
    throw err;
  }
  return { fields, upload };
}

export function customerHistoryRoutes(app: FastifyInstance, history: CustomerHistoryService): void {
  app.get('/api/customer_history', { config: { access: allow('customer.read') } }, (req) =>
    history.list(parse(historyListSchema, req.query ?? {})),
  );
  app.get('/api/customer_history/image', { config: { access: allow('customer.read') } }, async (req, reply) => {
    const q = parse(imageQuery, req.query ?? {});
    const img = await history.image(q.id, q.size);
    return reply
      .header('content-type', img.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400')
      .send(img.bytes);
  });
  // multipart/form-data is understood on these two routes only (an encapsulated scope).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: IMAGE_UPLOAD_MAX_BYTES,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: 10_000,
        parts: MAX_FIELDS + 1,
      },
    });
    scope.post('/api/customer_history/add', { config: { access: allow('customer.edit') } }, async (req) => {
      const q = parse(customerQuery, req.query ?? {});
      const { fields, upload } = await readMultipart(req);
      // The form's fields; the picture is the multipart file, checked by the service.
      const form = parse(historyFormSchema, { ...fields, image: null });
      const { id } = parse(addId, fields);
      return history.add(staffActor(req.user), q.customer_id, form, upload, id);
    });
    scope.post('/api/customer_history/image', { config: { access: allow('customer.edit') } }, async (req) => {
      const q = parse(uploadQuery, req.query ?? {});
      const { upload } = await readMultipart(req);
      if (!upload) throw invalidUpload('Send one image, as the field "image".');
      return history.upload(staffActor(req.user), q.customer_id, q.id, upload);
    });
  });
}
