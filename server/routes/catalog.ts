import type { FastifyInstance } from 'fastify';
import { productsListQuerySchema, type ProductsListReply } from '../../src/contracts/products-list';
import { parse } from '../http/parse';
import { VEHICLE_COOKIE, type FitmentVehicleStore } from '../services/fitment/fitment-vehicle-store';
import type { ProductService } from '../services/catalog/product-service';

export function catalogRoutes(app: FastifyInstance, products: ProductService, vehicles: FitmentVehicleStore): void {
  app.get('/api/products/', { config: { access: 'public' } }, async (req, reply): Promise<ProductsListReply> => {
    const q = parse(productsListQuerySchema, req.query);
    // The shopper's vehicle is read only when the listing is narrowed to it (a tile's `fits=1`);
    // such a reply is this shopper's own: no shared cache (the service worker's) may keep it.
    const vehicle = q.fits ? (await vehicles.load(req.cookies[VEHICLE_COOKIE])).vehicle : null;
    if (q.fits) reply.header('Cache-Control', 'private, no-cache');
    return products.list(q, new Date(), vehicle, req.user !== null);
  });
}
