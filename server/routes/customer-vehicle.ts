import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { CustomerVehicleService } from '../services/fitment/customer-vehicle-service';
import { staffActor } from '../commands/actor';
import { ymmChoiceSchema } from '../../src/domain/forms/vehicle';
import { CUSTOMER_MUST_BE_SELECTED } from '../../src/domain/forms/appointment';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's number (42, "42") or its id (a UUID); anything else is refused before any query. */
const numberOrId = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx): string | number => {
    const s = String(v).trim();
    if (/^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2_147_483_647) return Number(s);
    if (UUID.test(s)) return s.toLowerCase();
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** ymm_data may come as the object or as its JSON text (a form post). */
const ymmData = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return v.trim() === '' ? {} : (JSON.parse(v) as unknown);
    } catch {
      return v;
    }
  },
  z.record(z.string(), ymmChoiceSchema, { error: 'ymm_data must be the vehicle’s facets.' }).default({}),
);

export const customerVehicleAddSchema = z.object({
  customer_id: z.preprocess(
    (v) => (v === '' || v === undefined || v === 0 || v === '0' ? null : v),
    numberOrId(CUSTOMER_MUST_BE_SELECTED).nullable(),
  ),
  title: z.string().max(1000).default(''),
  vin: z.string().max(100).default(''),
  notes: z.string().max(10_000).default(''),
  ymm_data: ymmData,
});

/** §9 "Customer admin tables: default page 1, limit 10 (... vehicle table paging hidden); default sorts ascending by ... title". */
export const vehicleListSchema = z.object({
  customerId: numberOrId('customerId must be a customer number.'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(['title', 'vin', 'date_added']).default('title'),
  order: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .default('asc'),
});

export const customerVehicleEditSchema = customerVehicleAddSchema.extend({
  vehicle_id: numberOrId('vehicle_id must be a vehicle number.'),
});

export const customerVehicleDeleteSchema = z.object({
  vehicleId: numberOrId('vehicleId must be a vehicle number.'),
  customer_id: numberOrId('customer_id must be a customer number.').optional(),
});

export const getVehicleJsonSchema = z.object({ vehicleId: numberOrId('vehicleId must be a vehicle number.') });

/**
 * Staff add a vehicle to a customer's garage from the storefront's fitment form (storefront.md §7)
 * and read one back; the customer admin's Vehicles tab lists, edits and deletes them
 * (pos-back-office.md §7 "Customer administration"). Staff only: the garage is the shop's customer
 * record. An edit or delete that names a customer must name the vehicle's own (else 404).
 */
export function customerVehicleRoutes(app: FastifyInstance, vehicles: CustomerVehicleService): void {
  app.post('/api/customer_vehicle/add', { config: { access: allow('customer.edit') } }, (req) =>
    vehicles.add(staffActor(req.user), parse(customerVehicleAddSchema, req.body ?? {})),
  );
  app.get('/api/customer_vehicle', { config: { access: allow('customer.read') } }, (req) => {
    const { customerId, ...q } = parse(vehicleListSchema, req.query ?? {});
    return vehicles.list({ ...q, customer_id: customerId });
  });
  app.post('/api/customer_vehicle/edit', { config: { access: allow('customer.edit') } }, (req) =>
    vehicles.edit(staffActor(req.user), parse(customerVehicleEditSchema, req.body ?? {})),
  );
  app.post('/api/customer_vehicle/delete', { config: { access: allow('customer.edit') } }, (req) => {
    const b = parse(customerVehicleDeleteSchema, req.body ?? {});
    return vehicles.delete(staffActor(req.user), b.vehicleId, b.customer_id ?? null);
  });
  app.post('/api/customer_vehicle/getVehicleJson', { config: { access: allow('customer.read') } }, (req) =>
    vehicles.get(parse(getVehicleJsonSchema, req.body ?? {}).vehicleId),
  );
}
