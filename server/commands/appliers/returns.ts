/**
 * The server side of order.return (docs/decisions/pos.md "Returns"): staff at the counter only
 * (`payment.void`, server/auth/permissions.ts MUTATION_PERMISSIONS). The shared domain applier
 * loads the order under lock and the customer the args name; this extension adds the order's
 * earlier returns (what is left to return) and writes the return rows and the restock. The amounts
 * are the domain's, from the order's prices and tax as stored here: a device's numbers never count.
 * `order.returnAtTerminal` is the record of a card refund the terminal approved (server flows only).
 */
import type { OrderReturn } from '../../../src/domain/mutations/records';
import { refuse } from '../../../src/domain/refusal';
import { ID_TAKEN_MESSAGE } from './owned-ids';
import { loadReturns, restock, saveReturns } from '../records/returns';
import { domainApplier, type ApplierExtension } from './domain-applier';
import type { ApplierMap } from './types';

const returnsExtension: ApplierExtension = {
  async load(state, _args, ctx) {
    // Only an order that exists (its row is locked): a missing one is refused by the mutator.
    if (state.order) state.returns = await loadReturns(ctx.trx, state.order.id);
  },
  async write(state, changes, ctx) {
    const rows: OrderReturn[] = changes.orderReturns ?? [];
    // A row id already used (by any order) is never rewritten: refused before anything is written.
    if (
      rows.length &&
      (await ctx.trx
        .selectFrom('order_returns')
        .select('id')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .executeTakeFirst())
    )
      return refuse('duplicate_id', ID_TAKEN_MESSAGE);
    await saveReturns(ctx.trx, rows, ctx.actor.id);
    await restock(ctx.trx, rows, state.order?.location_id ?? null);
    return null;
  },
};

export const returnAppliers: ApplierMap = {
  'order.return': domainApplier('order.return', 'staff', returnsExtension),
  'order.returnAtTerminal': domainApplier('order.returnAtTerminal', 'server', returnsExtension),
};
