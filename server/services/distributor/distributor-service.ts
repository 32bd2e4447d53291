/**
 * Distributor ordering at the checkout (pos-back-office.md §3 "Inventory", "Distributor purchase
 * order"; §7 POST getInventoryDetails; docs/decisions/distributor.md):
 *
 * - `inventoryDetails`: the distributor's warehouses for the parts asked, joined with the shop's
 *   own name and stock of each part (the order's store, else the default store), mapped to the
 *   POS item by src/domain/distributor.ts.
 * - `order`: submits the order form through the distributor port and stores each purchase order
 *   it accepted. Prices, totals and warehouse names are the distributor's answer, never the
 *   device's. The device's `requestId` makes a retry safe: purchase orders already stored for it
 *   are answered again, and the distributor answers a repeated id with the same purchase orders,
 *   so a crash between its answer and our commit stores them once on the retry.
 *
 * A distributor that fails or is not configured changes nothing and answers "There was an error!".
 */
import { sql, type Kysely } from 'kysely';
import {
  DISTRIBUTOR_ERROR,
  purchaseOrderSchema,
  type DistributorOrderReply,
  type DistributorOrderRequest,
  type InventoryDetailsReply,
  type InventoryDetailsRequest,
  type PurchaseOrder,
} from '../../../src/contracts/distributor';
import { inventoryItem } from '../../../src/domain/distributor';
import { DistributorError, type Distributor, type DistributorOrderLine } from '../../adapters/distributor/types';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';

export const PURCHASE_ORDERS_PLACED = 'Success: the purchase order was submitted to your distributor.';
const ORDER_NOT_FOUND = 'Order not found.';

const unavailable = () => new ServiceError('upstream_failed', 'distributor_unavailable', DISTRIBUTOR_ERROR);

export class DistributorService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly distributor: Distributor | null,
  ) {}

  get active(): boolean {
    return this.distributor !== null;
  }

  async inventoryDetails(req: InventoryDetailsRequest, storeId: number | null): Promise<InventoryDetailsReply> {
    if (!this.distributor) return { Items: [], warehouseApi: false };
    const answer = await this.distributor.inventory(req.products).catch((e: unknown) => {
      if (e instanceof DistributorError) throw unavailable();
      throw e;
    });
    const keys = [...new Set(answer.Items.map((i) => `${i.AAIABrandCode}~${i.PartNumber}`))];
    const shop = keys.length
      ? await this.db
          .selectFrom('products as p')
          .leftJoin('product_stock as s', (j) =>
            j
              .onRef('s.product_id', '=', 'p.product_id')
              .on(
                's.location_id',
                '=',
                storeId ??
                  sql<number>`(select location_id from locations where is_default order by location_id limit 1)`,
              ),
          )
          .select(['p.aaia', 'p.mpn', 'p.name', sql<number>`coalesce(s.quantity, 0)::int`.as('quantity')])
          .where(sql<string>`p.aaia || '~' || p.mpn`, 'in', keys)
          .execute()
      : [];
    const byKey = new Map(shop.map((r) => [`${r.aaia}~${r.mpn}`, r]));
    return {
      Items: answer.Items.map((i) =>
        inventoryItem(i, byKey.get(`${i.AAIABrandCode}~${i.PartNumber}`) ?? { name: '', quantity: 0 }),
      ),
      warehouseApi: this.distributor.warehouseApi,
    };
  }

  async order(
    orderRef: number | string,
    req: DistributorOrderRequest,
    createdBy: string,
  ): Promise<DistributorOrderReply> {
    const order = await this.db
      .selectFrom('orders as o')
      .leftJoin('locations as l', 'l.location_id', 'o.location_id')
      .select(['o.id', 'o.order_id', 'o.status', 'l.name', 'l.address_1', 'l.city', 'l.zone_code', 'l.postcode'])
      .where(typeof orderRef === 'number' ? 'o.order_id' : 'o.id', '=', orderRef)
      .executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const stored = await this.stored(order.id, req.requestId);
    if (stored.length) return { success: PURCHASE_ORDERS_PLACED, purchase_orders: stored };
    // A request id is owned by the order it was first submitted for (docs/security.md): never another's.
    const elsewhere = await this.db
      .selectFrom('purchase_orders')
      .select('order_ref')
      .where('request_id', '=', req.requestId)
      .where('order_ref', '<>', order.id)
      .limit(1)
      .executeTakeFirst();
    if (elsewhere)
      throw new ServiceError('conflict', 'id_used_elsewhere', 'This purchase order request belongs to another order.');
    if (order.status === 'voided') throw new ServiceError('conflict', 'order_voided', 'This order has been voided.');
    if (!this.distributor) throw unavailable();

    const lines: DistributorOrderLine[] = req.items.flatMap((i) =>
      i.selectedLocations.map((l) => ({
        aaia: i.aaia,
        mpn: i.mpn,
        quantity: l.quantity,
        warehouseCode: l.warehouseCode,
      })),
    );
    for (const i of req.items) {
      const picked = i.selectedLocations.reduce((n, l) => n + l.quantity, 0);
      if (picked !== i.orderQuantity)
        throw new ServiceError(
          'invalid',
          'invalid_input',
          `The warehouse quantities of ${i.mpn} do not add up to ${i.orderQuantity}.`,
        );
    }
    const store = order.name
      ? order
      : await this.db
          .selectFrom('locations')
          .select(['name', 'address_1', 'city', 'zone_code', 'postcode'])
          .orderBy('is_default', 'desc')
          .orderBy('location_id')
          .executeTakeFirst();
    const pos = await this.distributor
      .submit({
        requestId: req.requestId,
        reference: String(order.order_id),
        shipTo: {
          Name: store?.name ?? '',
          Street: store?.address_1 ?? '',
          City: store?.city ?? '',
          StateProvinceCode: store?.zone_code ?? '',
          ZipPostalCode: store?.postcode ?? '',
        },
        shippingMethod: req.shippingMethod,
        notes: req.notes,
        lines,
      })
      .catch((e: unknown) => {
        if (e instanceof DistributorError)
          throw new ServiceError('upstream_failed', 'distributor_refused', `${DISTRIBUTOR_ERROR} ${e.message}`);
        throw e;
      });
    const distributor = this.distributor.name;
    await this.db
      .insertInto('purchase_orders')
      .values(
        pos.map((po) => ({
          order_ref: order.id,
          request_id: req.requestId,
          distributor,
          purchase_order_id: po.PurchaseOrderID,
          warehouse: po.ToWarehouse.Name,
          status: po.CurrentStatus,
          total: po.OrderTotalPrice,
          submitted_at: po.SubmittedToWarehouseDateTime,
          data: JSON.stringify(po),
          created_by: createdBy,
        })),
      )
      .onConflict((c) => c.columns(['request_id', 'purchase_order_id']).doNothing())
      .execute();
    return { success: PURCHASE_ORDERS_PLACED, purchase_orders: await this.stored(order.id, req.requestId) };
  }

  private async stored(orderId: string, requestId: string): Promise<PurchaseOrder[]> {
    const rows = await this.db
      .selectFrom('purchase_orders')
      .select('data')
      .where('order_ref', '=', orderId)
      .where('request_id', '=', requestId)
      .orderBy('created_at')
      .orderBy('purchase_order_id')
      .execute();
    return rows.map((r) => purchaseOrderSchema.parse(r.data));
  }
}
