/**
 * The product page's calls (storefront.md §7 "Product page"):
 * - GET /api/products/page/{slug}: a /{slug} link resolved to a product, brand or category.
 * - POST /api/inventory/getInventoriesByProductId (productId): the stock line; staff also get
 *   stock per location and reseller prices.
 * - index.php?route=product/product/getLocations | validateCaptcha | productContactEmail |
 *   getDealerLocatorPopupText, and index.php?route=tool/captcha (the proof-of-work challenge): the
 *   Contact Us modal.
 * All public: shoppers use them before signing in. What a role may see is decided in the services.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { productContactRequestSchema, validateCaptchaRequestSchema } from '../../src/contracts/product-contact';
import { inventoryRequestSchema } from '../../src/contracts/product-inventory';
import { productPageParamsSchema } from '../../src/contracts/product-page';
import { CAPTCHA_EXPIRED, CAPTCHA_FAILED, CAPTCHA_MISMATCH } from '../../src/domain/forms/captcha';
import { LOCATOR_PICKUP_COOKIE } from '../../src/domain/constants';
import type { CaptchaCheck, CaptchaProvider } from '../adapters/captcha/types';
import { HttpError } from '../http/errors';
import { indexPhp } from '../http/index-php';
import { parse } from '../http/parse';
import type { ProductContactService } from '../services/catalog/product-contact-service';
import type { ProductInventoryService } from '../services/catalog/product-inventory-service';
import type { ProductPageService } from '../services/catalog/product-page-service';
import { WindowLimiter } from '../services/catalog/product-rate-limit';
import type { HitCounter } from '../services/session/hit-counter';

export { CAPTCHA_EXPIRED, CAPTCHA_MISMATCH };

export interface ProductRouteDeps {
  pages: ProductPageService;
  inventory: ProductInventoryService;
  contact: ProductContactService;
  captcha: CaptchaProvider;
  /** Where the per-address windows are counted (server/services/session/hit-counter.ts); default this process's memory. */
  hits?: HitCounter;
}

export function productRoutes(app: FastifyInstance, deps: ProductRouteDeps): void {
  const pub = { config: { access: 'public' as const } };
  // Per IP: images are cheap but unbounded without a cap; answers and messages are what spam costs.
  const images = new WindowLimiter('captcha.image', 30, 60_000, deps.hits);
  const answers = new WindowLimiter('captcha.answer', 20, 60_000, deps.hits);
  const messages = new WindowLimiter('contact.message', 5, 10 * 60_000, deps.hits);

  app.get('/api/products/page/:slug', pub, (req) =>
    deps.pages.resolve(parse(productPageParamsSchema, req.params).slug, req.user),
  );

  app.post('/api/inventory/getInventoriesByProductId', pub, (req) => {
    const { productId } = parse(inventoryRequestSchema, req.body ?? {});
    const pickup = Number(req.cookies[LOCATOR_PICKUP_COOKIE]);
    return deps.inventory.forProduct(productId, req.user, Number.isInteger(pickup) && pickup > 0 ? pickup : null);
  });

  const router = indexPhp(app);
  router.get('product/product/getLocations', 'public', () => deps.contact.locations());

  router.get('product/product/getDealerLocatorPopupText', 'public', () => deps.contact.popupText());

  // The challenge (JSON, not an image: docs/decisions/server.md "Captcha: ALTCHA proof of work").
  router.get('tool/captcha', 'public', async (req: FastifyRequest, reply: FastifyReply) => {
    await images.take(req.ip);
    const challenge = await deps.captcha.issue();
    return reply.header('Cache-Control', 'no-store').send(challenge);
  });

  router.post('product/product/validateCaptcha', 'public', async (req) => {
    await answers.take(req.ip);
    const { captchaInput } = parse(validateCaptchaRequestSchema, req.body ?? {});
    return captchaVerdict(await deps.captcha.check(captchaInput));
  });

  router.post('product/product/productContactEmail', 'public', (req) => {
    const form = parse(productContactRequestSchema, req.body ?? {});
    // Counted once a solved captcha is spent on a message: those are the calls that send mail.
    return deps.contact.send(form, req.user, async () => {
      const solved = await deps.captcha.consume(form.captchaInput);
      if (solved) await messages.take(req.ip);
      return solved;
    });
  });
}

/** validateCaptcha's answer for a check's verdict (also the forms' captcha: routes/forms.ts). */
export function captchaVerdict(result: CaptchaCheck): { success: true } {
  switch (result) {
    case 'ok':
      return { success: true as const };
    case 'invalid':
      throw new HttpError(422, 'captcha_mismatch', CAPTCHA_MISMATCH, { captchaInput: [CAPTCHA_MISMATCH] });
    case 'expired':
    case 'spent':
      throw new HttpError(422, 'captcha_expired', CAPTCHA_EXPIRED, { captchaInput: [CAPTCHA_EXPIRED] });
    default: {
      const never: never = result;
      throw new Error(`${CAPTCHA_FAILED}: ${String(never)}`);
    }
  }
}
