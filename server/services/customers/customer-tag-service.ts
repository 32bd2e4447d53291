/**
 * Customer tags (docs/decisions/pos.md "Customer IP addresses and tags" and "Customer tags offline";
 * pos-back-office.md §3 "Tag", §7 "/api/customer_tag"). The shop defines tags (title unique
 * whatever its case); a save replaces the customer's whole set through the command runner as the
 * domain's customer.setTags, the rule a device's queued save runs too (every id must name a tag
 * that exists: an unknown id changes nothing). Both writes hold the pull's version horizon, so
 * staff devices pull what they wrote.
 */
import { sql } from 'kysely';
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
import type { Refusal } from '../../../src/domain/refusal';
import type { Actor } from '../../commands/actor';
import { CommandRefused } from '../../commands/refusals';
import { loadCustomerTags } from '../../commands/records/customer-tags';
import type { CommandRunner } from '../../commands/runner';
import { notFound, ServiceError } from '../../errors';

const sqlLowerTitle = sql`lower(title)`;

export class CustomerTagService {
  constructor(private readonly commands: CommandRunner) {}

  private get db() {
    return this.commands.reader;
  }

  async get(customerId: string | number): Promise<CustomerTagReply> {
    const customer = await this.customer(customerId);
    const [tags, assigned] = await Promise.all([this.tags(), loadCustomerTags(this.db, customer.id)]);
    return { customerTags: tags, assignedTags: assigned, createTagUrl: createTagUrl(customer.customer_id) };
  }

  async save(
    actor: Actor,
    customerId: string | number,
    tagIds: readonly number[],
  ): Promise<{ success: string; assignedTags: number[] }> {
    const customer = await this.customer(customerId);
    await this.commands.transaction(actor, (tx) =>
      this.commands.run(tx, 'customer.setTags', { customer_ref: customer.id, tag_ids: [...tagIds] }, { refused }),
    );
    return { success: TAGS_SAVED, assignedTags: await loadCustomerTags(this.db, customer.id) };
  }

  /** A new tag (POST /api/customer_tag/create): the title unique whatever its case, at most MAX_TAGS tags. */
  async create(title: string): Promise<{ success: string; tag: Tag }> {
    const tag = await this.commands.transaction(async ({ trx }) => {
      const count = Number(
        (
          await trx
            .selectFrom('customer_tags')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (count >= MAX_TAGS)
        throw new ServiceError('refused', 'too_many_tags', `A shop may define at most ${MAX_TAGS} tags.`);
      return trx
        .insertInto('customer_tags')
        .values({ title })
        .onConflict((oc) => oc.expression(sqlLowerTitle).doNothing())
        .returning(['tag_id', 'title'])
        .executeTakeFirst();
    });
    if (!tag) throw new ServiceError('conflict', 'tag_taken', TAG_TAKEN, { title: [TAG_TAKEN] });
    return { success: TAG_CREATED, tag };
  }

  private tags(): Promise<Tag[]> {
    return this.db.selectFrom('customer_tags').select(['tag_id', 'title']).orderBy('title').orderBy('tag_id').execute();
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

/** An unknown tag answers as it did before saves ran as a command: 400 naming the field. */
const refused = (r: Refusal): ServiceError =>
  r.message === UNKNOWN_TAG
    ? new ServiceError('invalid', 'unknown_tag', UNKNOWN_TAG, { tags: [UNKNOWN_TAG] })
    : new CommandRefused(r);
