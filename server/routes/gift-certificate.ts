/**
 * The staff view of gift certificates (docs/decisions/pos.md "Gift certificate lookup"):
 * GET /api/gift_certificate (a page of certificates, ?page=&limit=&filter=) and
 * GET /api/gift_certificate/info?code= (one certificate and its history). Any staff member
 * ('order.read': certificates are read like orders and their payments); shoppers 403, strangers 401.
 */
import type { FastifyInstance } from 'fastify';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { GiftCertificateService } from '../services/pos/gift-certificate-service';
import { giftInfoQuerySchema, giftListQuerySchema } from '../../src/contracts/gift-certificate';

export function giftCertificateRoutes(app: FastifyInstance, gifts: GiftCertificateService): void {
  app.get('/api/gift_certificate', { config: { access: allow('order.read') } }, (req) =>
    gifts.list(parse(giftListQuerySchema, req.query ?? {})),
  );
  app.get('/api/gift_certificate/info', { config: { access: allow('order.read') } }, (req) =>
    gifts.info(parse(giftInfoQuerySchema, req.query ?? {}).code),
  );
}
