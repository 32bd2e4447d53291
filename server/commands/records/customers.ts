/**
 * Customers (with their addresses) and garage vehicles between SQL rows and domain records.
 * SQL keeps '' / null / defaults where the domain uses null / '' (email, tax number, group, zone);
 * the mapping is the one place that knows. Passwords never pass through here.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Customer, Vehicle, YmmChoice } from '../../../src/domain/mutations/records';
import {
  customerFromRows,
  customerToRows,
  type AddressRow,
  type CustomerRow,
} from '../../../src/contracts/sync-records';
import { type AddressesTable, type CustomersTable, type CustomerVehiclesTable, type DB, iso } from '../../db/schema';
import { RecordOwnedElsewhere } from '../errors';

/** Columns a customer row may leave the server with (never password_hash). */
export const customerColumns = [
  'id',
  'customer_id',
  'firstname',
  'lastname',
  'email',
  'telephone',
  'texting_alerts',
  'newsletter',
  'status',
  'safe',
  'customer_group_id',
  'tax_exempt',
  'tax_exempt_number',
  'default_location_id',
  'store_credit',
  'date_added',
  'updated_at',
  'version',
  'account_custom_field',
] as const;
type CustomerSql = Pick<Selectable<CustomersTable>, (typeof customerColumns)[number]>;

export function customerRowFromSql(r: CustomerSql): CustomerRow {
  return {
    id: r.id,
    customer_id: r.customer_id,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email ?? '',
    telephone: r.telephone,
    texting_alerts: r.texting_alerts,
    newsletter: r.newsletter,
    status: r.status,
    safe: r.safe,
    customer_group_id: r.customer_group_id,
    tax_exempt: r.tax_exempt,
    tax_exempt_number: r.tax_exempt ? r.tax_exempt_number : null,
    default_location_id: r.default_location_id,
    store_credit: r.store_credit,
    created_at: iso(r.date_added) ?? '',
    updated_at: iso(r.updated_at) ?? '',
    account_custom_field: r.account_custom_field,
  };
}

export function addressRowFromSql(r: Selectable<AddressesTable>): AddressRow {
  return {
    address_id: r.id,
    customer_ref: r.customer_id,
    firstname: r.firstname,
    lastname: r.lastname,
    company: r.company,
    address_1: r.address_1,
    address_2: r.address_2,
    city: r.city,
    postcode: r.postcode,
    country_id: r.country_id,
    zone_id: r.zone_id ?? 0,
    default: r.is_default,
    custom_field: r.custom_field,
  };
}

export function vehicleFromSql(r: Selectable<CustomerVehiclesTable>): Vehicle {
  return {
    id: r.id,
    vehicle_id: r.vehicle_id,
    customer_ref: r.customer_id,
    title: r.title,
    vin: r.vin,
    notes: r.notes,
    ymm_data: r.ymm_data as Record<string, YmmChoice>,
    created_at: iso(r.date_added) ?? '',
    updated_at: iso(r.updated_at) ?? '',
    deleted_at: iso(r.deleted_at),
  };
}

export async function loadCustomer(db: Kysely<DB>, id: string, lock: boolean): Promise<Customer | undefined> {
  let q = db.selectFrom('customers').select(customerColumns).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const addresses = await db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', id)
    .orderBy('address_id')
    .execute();
  return customerFromRows(customerRowFromSql(row), addresses.map(addressRowFromSql));
}

export async function saveCustomer(db: Kysely<DB>, customer: Customer): Promise<void> {
  const { customer: c, addresses } = customerToRows(customer);
  const values = {
    firstname: c.firstname,
    lastname: c.lastname,
    email: c.email.trim() === '' ? null : c.email,
    telephone: c.telephone,
    texting_alerts: c.texting_alerts,
    newsletter: c.newsletter,
    status: c.status,
    safe: c.safe,
    customer_group_id: c.customer_group_id ?? 1,
    tax_exempt: c.tax_exempt,
    tax_exempt_number: c.tax_exempt_number ?? '',
    default_location_id: c.default_location_id,
    store_credit: c.store_credit,
    updated_at: c.updated_at,
    account_custom_field: JSON.stringify(c.account_custom_field ?? {}),
  };
  await db
    .insertInto('customers')
    .values({ id: c.id, date_added: c.created_at, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  const keep = addresses.map((a) => a.address_id);
  let stale = db.deleteFrom('addresses').where('customer_id', '=', c.id);
  if (keep.length) stale = stale.where('id', 'not in', keep);
  await stale.execute();
  for (const a of addresses) {
    const row = {
      customer_id: c.id,
      firstname: a.firstname,
      lastname: a.lastname,
      company: a.company,
      address_1: a.address_1,
      address_2: a.address_2,
      city: a.city,
      postcode: a.postcode,
      country_id: a.country_id,
      zone_id: a.zone_id === 0 ? null : a.zone_id,
      is_default: a.default,
      custom_field: JSON.stringify(a.custom_field ?? {}),
    };
    const r = await db
      .insertInto('addresses')
      .values({ id: a.address_id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row).where('addresses.customer_id', '=', c.id))
      .executeTakeFirst();
    if (r.numInsertedOrUpdatedRows === 0n) throw new RecordOwnedElsewhere('addresses', a.address_id);
  }
}

export async function loadVehicle(db: Kysely<DB>, id: string, lock: boolean): Promise<Vehicle | undefined> {
  let q = db.selectFrom('customer_vehicles').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? vehicleFromSql(row) : undefined;
}

export async function saveVehicle(db: Kysely<DB>, v: Vehicle): Promise<void> {
  const values = {
    customer_id: v.customer_ref,
    title: v.title,
    vin: v.vin,
    notes: v.notes,
    ymm_data: JSON.stringify(v.ymm_data),
    updated_at: v.updated_at,
    deleted_at: v.deleted_at,
  };
  await db
    .insertInto('customer_vehicles')
    .values({ id: v.id, date_added: v.created_at, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
