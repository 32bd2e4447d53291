/**
 * The built-in captcha with its challenges in the database (`captcha_challenges`, migration
 * 0027-m), for several server processes on one PostgreSQL database: the image one process drew is
 * checked, and spent, by whichever process the proxy sends the answer to. The same rules as the
 * in-memory simulator (./simulator.ts, which PGlite's single process keeps): five characters,
 * CAPTCHA_MAX_ATTEMPTS wrong answers spend it, CAPTCHA_TTL_MS, one message per solve.
 *
 * Must stay true: a solved challenge is consumed once across all processes (one `delete ...
 * returning`), and a wrong answer counts once (one `update`), whoever runs them at the same time.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { captchaText, render } from './simulator';
import { CAPTCHA_MAX_ATTEMPTS, CAPTCHA_TTL_MS, type CaptchaCheck, type CaptchaProvider, type Issued } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Every this many images, the expired challenges are deleted. */
const SWEEP_EVERY = 200;

export class SharedCaptcha implements CaptchaProvider {
  readonly name = 'simulator';
  private sinceSweep = 0;

  constructor(private readonly db: Kysely<DB>) {}

  async issue(previousId?: string): Promise<Issued> {
    if (previousId && UUID.test(previousId))
      await this.db.deleteFrom('captcha_challenges').where('id', '=', previousId).execute();
    if (++this.sinceSweep >= SWEEP_EVERY) {
      this.sinceSweep = 0;
      await sql`delete from captcha_challenges where expires_at <= now()`.execute(this.db);
    }
    const answer = captchaText();
    const id = randomUUID();
    await sql`insert into captcha_challenges (id, answer, expires_at)
      values (${id}, ${answer}, now() + ${sql.lit(CAPTCHA_TTL_MS)} * interval '1 millisecond')`.execute(this.db);
    return { id, image: { contentType: 'image/svg+xml', body: render(answer) } };
  }

  async check(id: string | undefined, answer: string): Promise<CaptchaCheck> {
    if (!id || !UUID.test(id)) return 'expired';
    const given = answer.trim().toUpperCase();
    // One statement: a right answer marks it solved, a wrong one counts an attempt; the row as it
    // was before tells which case this was.
    const { rows } = await sql<{ right: boolean; attempts: number; spent: boolean }>`
      update captcha_challenges c set
        solved = c.solved or (c.attempts < ${CAPTCHA_MAX_ATTEMPTS} and c.answer = ${given}),
        attempts = case when c.attempts < ${CAPTCHA_MAX_ATTEMPTS} and c.answer <> ${given} then c.attempts + 1 else c.attempts end
      from captcha_challenges before
      where c.id = ${id} and before.id = c.id and c.expires_at > now()
      returning before.attempts >= ${CAPTCHA_MAX_ATTEMPTS} as spent, c.answer = ${given} as right, c.attempts as attempts`.execute(
      this.db,
    );
    const row = rows[0];
    if (!row) return 'expired';
    if (row.spent) return 'spent';
    if (row.right) return 'ok';
    return row.attempts >= CAPTCHA_MAX_ATTEMPTS ? 'spent' : 'mismatch';
  }

  async consume(id: string | undefined): Promise<boolean> {
    if (!id || !UUID.test(id)) return false;
    const r = await this.db
      .deleteFrom('captcha_challenges')
      .where('id', '=', id)
      .where('solved', '=', true)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Tests and the browser tests' page models read the answer, as with the simulator. */
  async answerOf(id: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('captcha_challenges').select('answer').where('id', '=', id).executeTakeFirst();
    return r?.answer;
  }
}
