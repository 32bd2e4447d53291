import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { productsListQuerySchema } from '../../src/contracts/products-list';
import { VEHICLE_KEY_HEADER } from '../../src/contracts/vehicle-key';
import type { FitmentVehicle } from '../../src/domain/fitment-facets';
import { sendSharedJson } from '../http/cached-json';
import { parse } from '../http/parse';
import { VEHICLE_COOKIE, type FitmentVehicleStore } from '../services/fitment/fitment-vehicle-store';
import type { ProductService } from '../services/catalog/product-service';

/**
 * Which vehicle a listing reply was made for: a digest of its facets and the universal switch (no
 * cookie, nothing secret), so the service worker keeps one copy per vehicle (sw/vehicle-key.ts).
 */
export function vehicleKey(v: FitmentVehicle): string {
  return createHash('sha256')
    .update(JSON.stringify([v.facets, v.showUniversal]))
    .digest('base64url')
    .slice(0, 16);
}

export function catalogRoutes(app: FastifyInstance, products: ProductService, vehicles: FitmentVehicleStore): void {
  app.get('/api/products/', { config: { access: 'public' } }, async (req, reply) => {
    const q = parse(productsListQuerySchema, req.query);
    // The shopper's vehicle narrows the listing (Shop by Vehicle, docs/decisions/fitment.md
    // "Listings narrowed to the vehicle"): such a reply is this browser's own, so no shared cache
    // may keep it; the service worker keeps it per vehicle key (staff replies stay uncached).
    reply.header('Vary', 'Cookie');
    const cookie = req.cookies[VEHICLE_COOKIE];
    const found = cookie ? (await vehicles.load(cookie)).vehicle : null;
    const vehicle = found && Object.keys(found.facets).length > 0 ? found : null;
    if (vehicle) {
      reply.header('Cache-Control', 'private, no-cache');
      if (req.user?.kind !== 'staff') reply.header(VEHICLE_KEY_HEADER, vehicleKey(vehicle));
    }
    // A reply shared by every caller with the same query (the listing cache's): its bytes are made once.
    return sendSharedJson(req, reply, await products.list(q, new Date(), vehicle, req.user !== null));
  });
}
