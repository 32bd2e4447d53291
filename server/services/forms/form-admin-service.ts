/**
 * Custom forms for the admin (docs/decisions/storefront.md "Custom forms admin"): the list, one
 * form to edit, its save and its submissions.
 *
 * Must stay true: a save is one transaction that writes the form row and makes its fields exactly
 * the list sent, in its order (sort_index = position); a field sent with an id keeps that id, since
 * submissions and prefill links (`?{id}=`) are keyed by it, and an id not of this form refuses the
 * whole save; the slug is unique (409); the mail store is an active store with a mail address.
 * The page (src/storefront/forms/) and the submission check read the same rows
 * (server/services/forms/form-service.ts).
 */
import { sql, type Kysely } from 'kysely';
import {
  FORMS_ADMIN_MESSAGES,
  SUBMISSIONS_PAGE_SIZE,
  type AdminForm,
  type AdminFormList,
  type CustomFormSaveChecked,
  type SubmissionsReply,
} from '../../../src/contracts/forms-admin';
import { isDisplayOnly } from '../../../src/domain/forms/custom-form';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';
import { mailableStores } from './form-mail';
import { formDataOf, formFields, mailLocationOf } from './form-service';

const NO_FORM = 'This form could not be found.';

export class FormAdminService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(): Promise<AdminFormList> {
    const rows = await this.db
      .selectFrom('custom_forms as f')
      .select([
        'f.form_id',
        'f.slug',
        'f.name',
        'f.status',
        sql<string>`(select count(*) from custom_form_fields c where c.form_id = f.form_id)::text`.as('fields'),
        sql<string>`(select count(*) from form_submissions s where s.form_id = f.form_id)::text`.as('submissions'),
        sql<Date | null>`(select max(s.created_at) from form_submissions s where s.form_id = f.form_id)`.as('last'),
      ])
      .orderBy('f.name')
      .orderBy('f.form_id')
      .execute();
    const stores = await mailableStores(this.db);
    return {
      stores: stores.map((s) => ({ location_id: s.location_id, name: s.name })),
      forms: rows.map((r) => ({
        id: r.form_id,
        slug: r.slug,
        name: r.name,
        status: r.status,
        fields: Number(r.fields),
        submissions: Number(r.submissions),
        last_submission: r.last ? new Date(r.last).toISOString() : null,
      })),
    };
  }

  async get(id: number): Promise<AdminForm> {
    const form = await this.db
      .selectFrom('custom_forms')
      .select(['form_id', 'slug', 'name', 'status', 'form_data'])
      .where('form_id', '=', id)
      .executeTakeFirst();
    if (!form) throw notFound(NO_FORM);
    const fields = await formFields(this.db, id);
    const stores = await mailableStores(this.db);
    const raw = form.form_data ?? {};
    return {
      id: form.form_id,
      slug: form.slug,
      name: form.name,
      status: form.status,
      form_data: { ...formDataOf(raw), mail_location_id: mailLocationOf(raw) },
      fields: fields.map(({ index: _index, ...f }) => f),
      stores: stores.map((s) => ({ location_id: s.location_id, name: s.name })),
    };
  }

  async save(s: CustomFormSaveChecked): Promise<AdminForm> {
    const mailTo = s.form_data.mail_location_id;
    if (mailTo !== null && !(await mailableStores(this.db)).some((x) => x.location_id === mailTo))
      throw new ServiceError('invalid', 'invalid_input', FORMS_ADMIN_MESSAGES.mailStore, {
        'form_data.mail_location_id': [FORMS_ADMIN_MESSAGES.mailStore],
      });
    const taken = await this.db
      .selectFrom('custom_forms')
      .select('form_id')
      .where('slug', '=', s.slug)
      .executeTakeFirst();
    if (taken && taken.form_id !== s.id)
      throw new ServiceError('conflict', 'slug_taken', FORMS_ADMIN_MESSAGES.slugTaken, {
        slug: [FORMS_ADMIN_MESSAGES.slugTaken],
      });
    const formData = JSON.stringify(s.form_data);
    const id = await this.db.transaction().execute(async (trx) => {
      let formId: number;
      if (s.id === undefined) {
        const row = await trx
          .insertInto('custom_forms')
          .values({ slug: s.slug, name: s.name, status: s.status, form_data: formData })
          .returning('form_id')
          .executeTakeFirstOrThrow();
        formId = row.form_id;
      } else {
        const done = await trx
          .updateTable('custom_forms')
          .set({ slug: s.slug, name: s.name, status: s.status, form_data: formData })
          .where('form_id', '=', s.id)
          .executeTakeFirst();
        if (done.numUpdatedRows === 0n) throw notFound(NO_FORM);
        formId = s.id;
      }
      const existing = new Set(
        (await trx.selectFrom('custom_form_fields').select('field_id').where('form_id', '=', formId).execute()).map(
          (r) => r.field_id,
        ),
      );
      const kept = s.fields.flatMap((f) => (f.id === undefined ? [] : [f.id]));
      if (kept.some((fid) => !existing.has(fid)))
        throw new ServiceError('conflict', 'unknown_field', FORMS_ADMIN_MESSAGES.unknownField);
      const gone = [...existing].filter((fid) => !kept.includes(fid));
      if (gone.length) await trx.deleteFrom('custom_form_fields').where('field_id', 'in', gone).execute();
      for (const [index, f] of s.fields.entries()) {
        const values = {
          type: f.type,
          label_text: f.label_text,
          placeholder_text: f.placeholder_text,
          required: f.required,
          options: JSON.stringify(f.options),
          sort_index: index,
        };
        if (f.id === undefined)
          await trx
            .insertInto('custom_form_fields')
            .values({ form_id: formId, ...values })
            .execute();
        else await trx.updateTable('custom_form_fields').set(values).where('field_id', '=', f.id).execute();
      }
      return formId;
    });
    return this.get(id);
  }

  async submissions(formId: number, page: number): Promise<SubmissionsReply> {
    const form = await this.db
      .selectFrom('custom_forms')
      .select('form_id')
      .where('form_id', '=', formId)
      .executeTakeFirst();
    if (!form) throw notFound(NO_FORM);
    const count = await this.db
      .selectFrom('form_submissions')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('form_submissions as s')
      .leftJoin('locations as l', 'l.location_id', 's.location_id')
      .select(['s.id', 's.created_at', 's.origin_url', 's.submission_values', 's.recipient', 'l.name as store'])
      .where('s.form_id', '=', formId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(SUBMISSIONS_PAGE_SIZE)
      .offset((page - 1) * SUBMISSIONS_PAGE_SIZE)
      .execute();
    const fields = (await formFields(this.db, formId)).filter((f) => !isDisplayOnly(f.type));
    const storeNames = new Map(
      (await this.db.selectFrom('locations').select(['location_id', 'name']).execute()).map((l) => [
        String(l.location_id),
        l.name,
      ]),
    );
    return {
      total: Number(count.n),
      page,
      limit: SUBMISSIONS_PAGE_SIZE,
      submissions: rows.map((r) => {
        const v = r.submission_values ?? {};
        const shown = (f: { id: number; type: string }) => {
          const x = v[String(f.id)] ?? '';
          if (Array.isArray(x)) return x.join(', ');
          return f.type === 'store_select' && x ? (storeNames.get(x) ?? x) : x;
        };
        const known = new Set(fields.map((f) => String(f.id)));
        // A value of a field deleted since is still shown, under its id.
        const left = Object.keys(v).filter((k) => !known.has(k));
        return {
          id: r.id,
          created_at: new Date(r.created_at).toISOString(),
          origin_url: r.origin_url,
          store: r.store ?? '',
          recipient: r.recipient,
          values: [
            ...fields.map((f) => ({ label: f.label_text, value: shown(f) })),
            ...left.map((k) => ({ label: `Field ${k}`, value: [v[k] ?? ''].flat().join(', ') })),
          ],
        };
      }),
    };
  }
}
