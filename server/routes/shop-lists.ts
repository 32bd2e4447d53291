/**
 * Compare (/product/compare/*) and wishlist (/account/wishlist/*), storefront.md §7. Thin: parse,
 * resolve the shopper, call the service. Staff get 403: compare and wishlist are hidden in POS
 * mode (§6). The GETs are also reachable as pages' neighbours, so a navigation gets the app shell.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { productIdRequestSchema, type CompareReply, type WishlistReply } from '../../src/contracts/shop-lists';
import { allow } from '../auth/permissions';
import { isNavigation } from '../http/navigation';
import { parse } from '../http/parse';
import type { ShopListsService } from '../services/shop/shop-lists-service';
import { sendShopResult, shopCaller, type ShopCookieOptions } from './shop-cart';

const shoppers = { config: { access: allow('shop.cart') } };
const shopperPage = {
  ...shoppers,
  onRequest: async (req: FastifyRequest, reply: FastifyReply) => (isNavigation(req) ? reply.callNotFound() : undefined),
};

const customerOf = (req: FastifyRequest): string | null => (req.user?.kind === 'customer' ? req.user.id : null);
const productId = (req: FastifyRequest): number => parse(productIdRequestSchema, req.body ?? {}).product_id;

export function shopListRoutes(app: FastifyInstance, lists: ShopListsService, opts: ShopCookieOptions): void {
  app.get('/product/compare/getCompare', shopperPage, async (req, reply): Promise<CompareReply> =>
    sendShopResult(reply, await lists.getCompare(shopCaller(req)), opts),
  );
  for (const action of ['add', 'remove'] as const) {
    app.post(`/product/compare/${action}`, shoppers, async (req, reply): Promise<CompareReply> =>
      sendShopResult(reply, await lists.changeCompare(shopCaller(req), action, productId(req)), opts),
    );
    app.post(`/account/wishlist/${action}`, shoppers, (req): Promise<WishlistReply> =>
      lists.changeWishlist(customerOf(req), action, productId(req)),
    );
  }
  app.get('/account/wishlist/getWishlist', shopperPage, (req): Promise<WishlistReply> =>
    lists.getWishlist(customerOf(req)),
  );
}
