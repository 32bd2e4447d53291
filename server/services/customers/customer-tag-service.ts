/**
 * Customer tags (docs/decisions/pos.md "Customer IP addresses and tags"; pos-back-office.md §3
 * "Tag", §7 "/api/customer_tag"). The shop defines tags (title unique whatever its case); a save
 * replaces the customer's whole set in one transaction, after checking every id names a tag that
 * exists (an unknown id changes nothing).
 */
import { sql, type Kysely } from 'kysely';
import {
  createTagUrl,
  MAX_TAGS,
  TAG_CREATED,
  TAG_TAKEN,
  TAGS_SAVED,
  UNKNOWN_TAG,
  type CustomerTagReply,
  type Tag,
} from '../../../src/contracts/customer-tag';
import { CUSTOMER_NOT_FOUND } from '../../../src/domain/mutations/guards';
import type { DB } from '../../db/schema';
import { notFound, ServiceError } from '../../errors';

const sqlLowerTitle = sql`lower(title)`;

export class CustomerTagService {
  constructor(private readonly db: Kysely<DB>) {}

  async get(customerId: string | number): Promise<CustomerTagReply> {
    const customer = await this.customer(customerId);
    const [tags, assigned] = await Promise.all([this.tags(), this.assigned(customer.id)]);
    return { customerTags: tags, assignedTags: assigned, createTagUrl: createTagUrl(customer.customer_id) };
  }

  async save(
    customerId: string | number,
    tagIds: readonly number[],
  ): Promise<{ success: string; assignedTags: number[] }> {
    const customer = await this.customer(customerId);
    await this.db.transaction().execute(async (trx) => {
      // The customer's row locked: two saves of one customer apply one after the other.
      await trx.selectFrom('customers').select('id').where('id', '=', customer.id).forUpdate().execute();
      if (tagIds.length) {
        const found = await trx
          .selectFrom('customer_tags')
          .select('tag_id')
          .where('tag_id', 'in', [...tagIds])
          .execute();
        if (found.length !== tagIds.length)
          throw new ServiceError('invalid', 'unknown_tag', UNKNOWN_TAG, { tags: [UNKNOWN_TAG] });
      }
      await trx.deleteFrom('customer_tag_assignments').where('customer_ref', '=', customer.id).execute();
      if (tagIds.length) {
        await trx
          .insertInto('customer_tag_assignments')
          .values(tagIds.map((tag_id) => ({ customer_ref: customer.id, tag_id })))
          .execute();
      }
    });
    return { success: TAGS_SAVED, assignedTags: await this.assigned(customer.id) };
  }

  /** A new tag (POST /api/customer_tag/create): the title unique whatever its case, at most MAX_TAGS tags. */
  async create(title: string): Promise<{ success: string; tag: Tag }> {
    const count = Number(
      (
        await this.db
          .selectFrom('customer_tags')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (count >= MAX_TAGS)
      throw new ServiceError('refused', 'too_many_tags', `A shop may define at most ${MAX_TAGS} tags.`);
    const tag = await this.db
      .insertInto('customer_tags')
      .values({ title })
      .onConflict((oc) => oc.expression(sqlLowerTitle).doNothing())
      .returning(['tag_id', 'title'])
      .executeTakeFirst();
    if (!tag) throw new ServiceError('conflict', 'tag_taken', TAG_TAKEN, { title: [TAG_TAKEN] });
    return { success: TAG_CREATED, tag };
  }

  private tags(): Promise<Tag[]> {
    return this.db.selectFrom('customer_tags').select(['tag_id', 'title']).orderBy('title').orderBy('tag_id').execute();
  }

  private async assigned(customerRef: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('customer_tag_assignments')
      .select('tag_id')
      .where('customer_ref', '=', customerRef)
      .orderBy('tag_id')
      .execute();
    return rows.map((r) => r.tag_id);
  }

  private async customer(customerId: string | number): Promise<{ id: string; customer_id: number }> {
    const row = await this.db
      .selectFrom('customers')
      .select(['id', 'customer_id'])
      .where(typeof customerId === 'number' ? 'customer_id' : 'id', '=', customerId as never)
      .executeTakeFirst();
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return row;
  }
}
