import type { FastifyInstance } from 'fastify';
import { productsListQuerySchema, type ProductsListReply } from '../../src/contracts/products-list';
import { parse } from '../http/parse';
import type { ProductService } from '../services/product-service';

export function catalogRoutes(app: FastifyInstance, products: ProductService): void {
  app.get('/api/products/', { config: { access: 'public' } }, (req): Promise<ProductsListReply> =>
    products.list(parse(productsListQuerySchema, req.query)),
  );
}
