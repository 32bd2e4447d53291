/**
 * A real distributor over HTTPS (DISTRIBUTOR=http): the shop's distributor API, speaking the wire
 * pos-back-office.md §3 names ("Distributor inventory response", "Distributor purchase order"),
 * with fetch and no SDK (docs/decisions/distributor.md "A real distributor over HTTP"):
 *
 * - GET  {url}/warehouses       → { Warehouses: [{ Code, Name }] }
 * - POST {url}/inventory        { Items: [{ AAIABrandCode, PartNumber }] } → { Items: [...] } (§3)
 * - POST {url}/purchase-orders  { RequestId, CustomerReference, ShipTo, ShippingMethod, Notes,
 *   Lines: [{ AAIABrandCode, PartNumber, Quantity, WarehouseCode }] } with `Idempotency-Key:
 *   {RequestId}` → { PurchaseOrders: [...] } (§3), one per warehouse, accepted whole or refused.
 *
 * `Authorization: Bearer {DISTRIBUTOR_API_KEY}` on every call. What must stay true: every failure
 * is a DistributorError (so the counter reads "There was an error!" and nothing is stored), never
 * an exception the server answers 500 to - a 4xx keeps the distributor's own reason ("Only 3 of …
 * in Dallas"), a 5xx, a timeout or a closed port says the distributor could not be reached, and an
 * answer that is not the §3 shape is refused before anything is stored. Prices are normalised to
 * decimal strings with 2 places (a distributor may send JSON numbers); never floats after this file.
 */
import { z } from 'zod';
import { money, toWire } from '../../../src/domain/money';
import type { DistributorConfig } from '../../config';
import {
  DistributorError,
  type Distributor,
  type DistributorInventoryResponse,
  type DistributorOrderRequest,
  type DistributorPartRef,
  type DistributorPurchaseOrder,
  type DistributorWarehouse,
} from './types';

type HttpConfig = Extract<DistributorConfig, { kind: 'http' }>;

/** A price as a distributor sends it (string or JSON number), as a decimal string with 2 places. */
const price = z
  .union([z.string().regex(/^\d+(\.\d+)?$/), z.number().nonnegative()])
  .transform((v) => toWire(money(String(v))));
const text = z.string().max(500);
const count = z.number().int().nonnegative().max(10_000_000);

const warehousesSchema = z.object({
  Warehouses: z.array(z.object({ Code: z.string().min(1).max(64), Name: text })).max(500),
});

const inventorySchema = z.object({
  Items: z
    .array(
      z.object({
        AAIABrandCode: z.string().max(64),
        PartNumber: z.string().max(64),
        Description: text.default(''),
        ProductId: z
          .union([z.string().max(64), z.number().int()])
          .transform(String)
          .default(''),
        Msrp: price.optional(),
        Retail: price.optional(),
        Locations: z
          .array(z.object({ Inventory: count, Name: text, Price: price, WarehouseCode: z.string().min(1).max(64) }))
          .max(100),
      }),
    )
    .max(1_000),
});

const shipToSchema = z.object({
  Name: text,
  Street: text,
  City: text,
  StateProvinceCode: text,
  ZipPostalCode: text,
});

const purchaseOrdersSchema = z.object({
  PurchaseOrders: z
    .array(
      z.object({
        PurchaseOrderID: z.union([z.string().min(1).max(64), z.number().int()]).transform(String),
        Number: z.union([z.string().max(64), z.number().int()]).transform(String),
        ConfirmationNumber: text.default(''),
        WarehouseConfirmationNumber: text.default(''),
        ToWarehouse: z.object({ Name: text, Code: z.string().max(64).default('') }),
        SubmittedToWarehouseDateTime: z.iso.datetime({ offset: true }),
        CurrentStatus: text,
        ShippingMethod: text.default(''),
        Notes: text.default(''),
        ShipTo: shipToSchema,
        Items: z
          .array(
            z.object({
              AAIABrandCode: z.string().max(64),
              PartNumber: z.string().max(64),
              Quantity: count,
              Price: price.default('0.00'),
            }),
          )
          .max(1_000),
        OrderTotalPrice: price,
      }),
    )
    .min(1)
    .max(50),
});

export class HttpDistributor implements Distributor {
  readonly name: string;
  readonly warehouseApi: boolean;
  private readonly base: string;

  constructor(
    private readonly cfg: HttpConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.base = cfg.url.replace(/\/+$/, '');
    this.name = cfg.name;
    this.warehouseApi = cfg.warehouseApi;
  }

  async warehouses(): Promise<DistributorWarehouse[]> {
    const reply = await this.call('GET', '/warehouses', undefined, warehousesSchema);
    return reply.Warehouses.map((w) => ({ code: w.Code, name: w.Name }));
  }

  async inventory(parts: DistributorPartRef[]): Promise<DistributorInventoryResponse> {
    const body = { Items: parts.map((p) => ({ AAIABrandCode: p.aaia, PartNumber: p.mpn })) };
    const reply = await this.call('POST', '/inventory', body, inventorySchema);
    return {
      Items: reply.Items.map((i) => ({
        ...i,
        // A distributor that sends no list prices: the POS shows $0.00 for them, never a guess.
        Msrp: i.Msrp ?? '0.00',
        Retail: i.Retail ?? '0.00',
      })),
    };
  }

  async submit(order: DistributorOrderRequest): Promise<DistributorPurchaseOrder[]> {
    const body = {
      RequestId: order.requestId,
      CustomerReference: order.reference,
      ShipTo: order.shipTo,
      ShippingMethod: order.shippingMethod,
      Notes: order.notes,
      Lines: order.lines.map((l) => ({
        AAIABrandCode: l.aaia,
        PartNumber: l.mpn,
        Quantity: l.quantity,
        WarehouseCode: l.warehouseCode,
      })),
    };
    const reply = await this.call('POST', '/purchase-orders', body, purchaseOrdersSchema, order.requestId);
    return reply.PurchaseOrders;
  }

  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: T,
    idempotencyKey?: string,
  ): Promise<z.output<T>> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.cfg.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'connection failed';
      throw new DistributorError(`The distributor could not be reached (${why}).`);
    }
    const json: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const reason = z
        .object({ Message: z.string() })
        .or(z.object({ message: z.string() }))
        .safeParse(json);
      const said = reason.success ? ('Message' in reason.data ? reason.data.Message : reason.data.message) : '';
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429 && said)
        throw new DistributorError(said.slice(0, 300));
      throw new DistributorError(`The distributor answered ${res.status}${said ? `: ${said.slice(0, 300)}` : '.'}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new DistributorError("The distributor's answer was not understood.");
    return parsed.data;
  }
}
