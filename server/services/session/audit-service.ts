/** Reading the audit log (GET /api/audit, admins only): newest first, paged. Writing is server/commands/audit.ts. */
import type { Kysely } from 'kysely';
import type { AuditReply } from '../../../src/contracts/audit';
import type { AuditKind, DB } from '../../db/schema';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export class AuditService {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async list(page: number, limit: number, kind?: AuditKind): Promise<AuditReply> {
    let q = this.db.selectFrom('audit_log');
    if (kind) q = q.where('kind', '=', kind);
    const rows = await q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const count = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return {
      entries: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        action: r.action,
        actor: { kind: r.actor_kind, id: r.actor_id, role: r.actor_role },
        device:
          r.client_id === null || r.mutation_id === null
            ? null
            : { clientId: r.client_id, mutationId: Number(r.mutation_id) },
        record: { table: r.record_table, id: r.record_id },
        order_ref: r.order_ref,
        before: r.before,
        after: r.after,
        at: iso(r.at),
        recorded_at: iso(r.recorded_at),
      })),
      total_items: Number(count.n),
      page,
      limit,
    };
  }
}
