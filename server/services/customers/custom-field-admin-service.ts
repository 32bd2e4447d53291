/**
 * The shop's custom field definitions, for the admin's settings screen (docs/decisions/pos.md
 * "Custom fields settings"; src/contracts/custom-field-admin.ts). A save runs in one transaction:
 * the field row locked, its choices checked to be its own (an id of another field's choice is
 * refused, nothing written), renamed or added; a saved choice is never removed and the type and
 * location never change, because customers' answers (customers.account_custom_field,
 * addresses.custom_field) name the field and its choices by id. Both tables are versioned, so
 * staff devices pull the change and the customer form checks it on both sides
 * (StoreSettings.customFields; the server's settings cache keys on the tables' versions).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  CHOICE_NOT_FOUND,
  CHOICE_REMOVED,
  CUSTOM_FIELD_NOT_FOUND,
  CUSTOM_FIELD_SAVED,
  FIXED_SHAPE,
  MAX_CUSTOM_FIELDS,
  TOO_MANY_FIELDS,
  type AdminCustomField,
  type CustomFieldListReply,
  type CustomFieldSave,
  type CustomFieldSaveReply,
} from '../../../src/contracts/custom-field-admin';
import type { CustomFieldLocation, CustomFieldType } from '../../../src/domain/forms/custom-fields';
import type { DB } from '../../db/schema';
import { notFound, ServiceError } from '../../errors';

const refused = (message: string, field: string) =>
  new ServiceError('refused', 'custom_field', message, { [field]: [message] });

export class CustomFieldAdminService {
  /** `changed`: after a save commits, staff devices are told to pull (server/sync/poke-hub.ts). */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly changed: () => void = () => undefined,
  ) {}

  /** Every field (disabled ones too), account first, then by sort order and name. */
  async list(): Promise<CustomFieldListReply> {
    return { custom_fields: await this.read(this.db) };
  }

  async save(input: CustomFieldSave): Promise<CustomFieldSaveReply> {
    const saved = await this.db.transaction().execute(async (trx) => {
      const id = input.custom_field_id === undefined ? await this.insert(trx, input) : await this.update(trx, input);
      const [field] = await this.read(trx, id);
      return field!;
    });
    this.changed();
    return { success: CUSTOM_FIELD_SAVED, custom_field: saved };
  }

  private async insert(trx: Transaction<DB>, f: CustomFieldSave): Promise<number> {
    const n = await trx
      .selectFrom('custom_fields')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= MAX_CUSTOM_FIELDS) throw new ServiceError('refused', 'too_many_custom_fields', TOO_MANY_FIELDS);
    const row = await trx
      .insertInto('custom_fields')
      .values({
        name: f.name,
        type: f.type,
        location: f.location,
        required: f.required,
        status: f.status,
        sort_order: f.sort_order,
      })
      .returning('custom_field_id')
      .executeTakeFirstOrThrow();
    for (const v of f.values) {
      if (v.custom_field_value_id !== undefined) throw refused(CHOICE_NOT_FOUND, 'values');
      await trx
        .insertInto('custom_field_values')
        .values({ custom_field_id: row.custom_field_id, name: v.name, sort_order: v.sort_order })
        .execute();
    }
    return row.custom_field_id;
  }

  private async update(trx: Transaction<DB>, f: CustomFieldSave): Promise<number> {
    const id = f.custom_field_id!;
    const current = await trx
      .selectFrom('custom_fields')
      .select(['type', 'location'])
      .where('custom_field_id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(CUSTOM_FIELD_NOT_FOUND);
    if (current.type !== f.type || current.location !== f.location) throw refused(FIXED_SHAPE, 'type');
    const own = await trx
      .selectFrom('custom_field_values')
      .select(['custom_field_value_id', 'name', 'sort_order'])
      .where('custom_field_id', '=', id)
      .execute();
    const byId = new Map(own.map((v) => [v.custom_field_value_id, v]));
    const named = new Set(
      f.values.flatMap((v) => (v.custom_field_value_id === undefined ? [] : [v.custom_field_value_id])),
    );
    if ([...named].some((v) => !byId.has(v))) throw refused(CHOICE_NOT_FOUND, 'values');
    if (own.some((v) => !named.has(v.custom_field_value_id))) throw refused(CHOICE_REMOVED, 'values');
    await trx
      .updateTable('custom_fields')
      .set({ name: f.name, required: f.required, status: f.status, sort_order: f.sort_order })
      .where('custom_field_id', '=', id)
      .execute();
    for (const v of f.values) {
      const was = v.custom_field_value_id === undefined ? undefined : byId.get(v.custom_field_value_id);
      if (!was) {
        await trx
          .insertInto('custom_field_values')
          .values({ custom_field_id: id, name: v.name, sort_order: v.sort_order })
          .execute();
      } else if (was.name !== v.name || was.sort_order !== v.sort_order) {
        // Only a changed choice is written: an unchanged one keeps its version (devices pull less).
        await trx
          .updateTable('custom_field_values')
          .set({ name: v.name, sort_order: v.sort_order })
          .where('custom_field_value_id', '=', was.custom_field_value_id)
          .execute();
      }
    }
    return id;
  }

  private async read(db: Kysely<DB>, only?: number): Promise<AdminCustomField[]> {
    const fields = await db
      .selectFrom('custom_fields')
      .select(['custom_field_id', 'name', 'type', 'location', 'required', 'status', 'sort_order'])
      .$if(only !== undefined, (q) => q.where('custom_field_id', '=', only!))
      .orderBy('location')
      .orderBy('sort_order')
      .orderBy('name')
      .orderBy('custom_field_id')
      .execute();
    if (fields.length === 0) return [];
    const values = await db
      .selectFrom('custom_field_values')
      .select(['custom_field_id', 'custom_field_value_id', 'name', 'sort_order'])
      .where(
        'custom_field_id',
        'in',
        fields.map((f) => f.custom_field_id),
      )
      .orderBy('sort_order')
      .orderBy('custom_field_value_id')
      .execute();
    return fields.map((f) => ({
      ...f,
      type: f.type as CustomFieldType,
      location: f.location as CustomFieldLocation,
      values: values.filter((v) => v.custom_field_id === f.custom_field_id).map(({ custom_field_id: _c, ...v }) => v),
    }));
  }
}
