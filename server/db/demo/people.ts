/**
 * Demo people: the staff logins the README documents (admin/admin, cashier/cashier, ..., and the
 * kiosk device account kiosk/kiosk), the
 * shopper account, and 200 customers with addresses and vehicles. Each distinct password is
 * hashed once (argon2 is deliberately slow).
 */
import { hash } from '@node-rs/argon2';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { US_ZONES } from '../migrations/us-zones';
import { insertRows } from './bulk';
import type { LocationRef } from './locations';
import { COMPANIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, STREETS, VEHICLE_NOTES, VIN_CHARS } from './names';
import { cents, type Rng } from './prng';
import type { BaseVehicleRef, VehicleTree } from './vehicles';

export const DEMO_CUSTOMERS = 200;

const STAFF = [
  { username: 'admin', password: 'admin', role: 'admin', firstname: 'Alex', lastname: 'Morgan', store: 0 },
  { username: 'cashier', password: 'cashier', role: 'cashier', firstname: 'Casey', lastname: 'Ramos', store: 0 },
  { username: 'cashier2', password: 'cashier2', role: 'cashier', firstname: 'Jordan', lastname: 'Blake', store: 1 },
  { username: 'installer', password: 'installer', role: 'installer', firstname: 'Ivan', lastname: 'Petrov', store: 0 },
  {
    username: 'installer2',
    password: 'installer2',
    role: 'installer',
    firstname: 'Marcus',
    lastname: 'Reed',
    store: 2,
  },
  // The showroom kiosk's device account (role kiosk: a shopper's rights, no staff right; docs/security.md).
  { username: 'kiosk', password: 'kiosk', role: 'kiosk', firstname: 'Showroom', lastname: 'Kiosk', store: 0 },
  // Phoenix's counter (last, so every earlier user keeps its id): its sales are rung up there.
  { username: 'cashier3', password: 'cashier3', role: 'cashier', firstname: 'Rosa', lastname: 'Alvarez', store: 2 },
] as const;

export const SHOPPER = {
  email: 'shopper@example.com',
  password: 'shopper',
  firstname: 'Sam',
  lastname: 'Shopper',
} as const;

export async function seedStaff(db: Kysely<DB>, locations: readonly LocationRef[], baseDate: Date): Promise<void> {
  const hashes = new Map<string, string>();
  for (const s of STAFF) if (!hashes.has(s.password)) hashes.set(s.password, await hash(s.password));
  await insertRows(
    db,
    'staff_users',
    STAFF.map((s) => ({
      username: s.username,
      password_hash: hashes.get(s.password)!,
      firstname: s.firstname,
      lastname: s.lastname,
      email: `${s.username}@partsdesk.example`,
      role: s.role,
      location_id: locations[s.store]?.locationId ?? null,
      date_added: baseDate,
    })),
  );
}

const zoneIdOf = new Map(US_ZONES.map(([id, code]) => [code, id]));

export async function seedCustomers(
  db: Kysely<DB>,
  rng: Rng,
  ctx: { tree: VehicleTree; locations: readonly LocationRef[]; baseDate: Date; wholesaleGroupId: number },
): Promise<number> {
  const { tree, locations, baseDate } = ctx;
  const base = baseDate.getTime();
  const day = 86_400_000;
  const phone = (loc: LocationRef) => `(${rng.pick(loc.areaCodes)}) 555-01${rng.digits(2)}`;
  const customers: Parameters<typeof insertCustomers>[1] = [];
  const addresses: Parameters<typeof insertAddresses>[1] = [];
  const vehicles: Parameters<typeof insertVehicles>[1] = [];
  // Weighted towards popular models: a parts counter sees far more F-150s than Maybachs.
  const popular = tree.baseVehicles.filter((b) => b.model.isPopular || b.model.isTruck);
  const pickVehicle = (): BaseVehicleRef =>
    rng.chance(0.6) && popular.length ? rng.pick(popular) : rng.pick(tree.baseVehicles);

  const shopperLoc = locations[0]!;
  const people: { firstname: string; lastname: string; email: string; shopper: boolean }[] = [
    { firstname: SHOPPER.firstname, lastname: SHOPPER.lastname, email: SHOPPER.email, shopper: true },
  ];
  const usedEmails = new Set<string>([SHOPPER.email]);
  for (let i = 0; i < DEMO_CUSTOMERS; i++) {
    const firstname = rng.pick(FIRST_NAMES);
    const lastname = rng.pick(LAST_NAMES);
    let email = `${firstname}.${lastname}`.toLowerCase();
    if (usedEmails.has(`${email}@${EMAIL_DOMAINS[0]}`)) email += String(i);
    email += `@${rng.pick(EMAIL_DOMAINS)}`;
    if (usedEmails.has(email)) email = `${firstname}.${lastname}.${i}@example.com`.toLowerCase();
    usedEmails.add(email);
    people.push({ firstname, lastname, email, shopper: false });
  }

  const shopperHash = await hash(SHOPPER.password);
  people.forEach((p, i) => {
    const loc = p.shopper ? shopperLoc : rng.pick(locations);
    const added = new Date(base - rng.int(1, 900) * day - rng.int(0, 86_399) * 1000);
    const id = rng.uuid7(added.getTime());
    const taxExempt = !p.shopper && rng.chance(0.05);
    customers.push({
      id,
      firstname: p.firstname,
      lastname: p.lastname,
      // A few counter customers never gave an email address.
      email: !p.shopper && rng.chance(0.04) ? null : p.email,
      telephone: phone(loc),
      texting_alerts: rng.chance(0.5),
      password_hash: p.shopper ? shopperHash : null,
      safe: rng.chance(0.9),
      newsletter: rng.chance(0.3),
      customer_group_id: !p.shopper && rng.chance(0.1) ? ctx.wholesaleGroupId : 1,
      tax_exempt: taxExempt,
      tax_exempt_number: taxExempt ? `${loc.zoneCode}-EX-${rng.digits(7)}` : '',
      default_location_id: loc.locationId,
      store_credit: !p.shopper && rng.chance(0.1) ? cents(rng.int(5, 150) * 100 + rng.pick([0, 50, 0, 25])) : '0.00',
      date_added: added,
    });
    const addressCount = i % 7 === 3 ? 2 : 1;
    for (let a = 0; a < addressCount; a++) {
      addresses.push({
        id: rng.uuid7(added.getTime() + a + 1),
        customer_id: id,
        firstname: p.firstname,
        lastname: p.lastname,
        company: rng.pick(COMPANIES),
        address_1: `${rng.int(100, 9899)} ${rng.pick(STREETS)}`,
        address_2: rng.chance(0.15) ? `Apt ${rng.int(1, 40)}${rng.pick(['A', 'B', 'C', ''])}` : '',
        city: loc.city,
        postcode: rng.pick(loc.postcodes),
        country_id: 223,
        zone_id: zoneIdOf.get(loc.zoneCode) ?? null,
        is_default: a === 0,
      });
    }
    const vehicleCount = rng.int(1, 3);
    for (let v = 0; v < vehicleCount; v++) {
      const bv = pickVehicle();
      const cfg = bv.configs.length ? rng.pick(bv.configs) : null;
      vehicles.push({
        id: rng.uuid7(added.getTime() + 10 + v),
        customer_id: id,
        title: `${bv.year} ${bv.model.make} ${bv.model.name}`,
        vin: rng.chance(0.7) ? Array.from({ length: 17 }, () => rng.pick([...VIN_CHARS])).join('') : '',
        notes: rng.pick(VEHICLE_NOTES),
        year: bv.year,
        make_id: bv.model.makeId,
        model_id: bv.model.modelId,
        sub_model_id: cfg?.subModelId ?? null,
        body_type_id: cfg?.bodyTypeId ?? null,
        bed_length_id: cfg?.bedLengthId ?? null,
        engine_config_id: cfg?.engineConfigId ?? null,
        date_added: added,
      });
    }
  });
  await insertCustomers(db, customers);
  // Store credit is the sum of the customer's ledger entries (docs/decisions/pos.md "Customer vehicles and credits").
  await sql`
    insert into customer_credits (id, customer_ref, description, amount, balance, actor_id, date_added)
    select gen_random_uuid(), id, 'Opening balance', store_credit, store_credit, 'system', date_added
    from customers where store_credit > 0`.execute(db);
  await insertAddresses(db, addresses);
  await insertVehicles(db, vehicles);
  return customers.length;
}

// Typed wrappers so the row arrays above are checked against the tables.
const insertCustomers = (db: Kysely<DB>, rows: Insertable<DB['customers']>[]) => insertRows(db, 'customers', rows);
const insertAddresses = (db: Kysely<DB>, rows: Insertable<DB['addresses']>[]) => insertRows(db, 'addresses', rows);
const insertVehicles = (db: Kysely<DB>, rows: Insertable<DB['customer_vehicles']>[]) =>
  insertRows(db, 'customer_vehicles', rows);
