/**
 * Migration 0029-e: a blog post's body (docs/decisions/storefront.md "Blog post pages"). §3 lists a
 * blog item's id, title, url, image, date, category and text_color, and §2 routes `/{url}` to the
 * item; the page needs the post's words. Plain text, paragraphs separated by blank lines (like the
 * read-more block): the page renders it as text, never as HTML, so nothing in it can run. Existing
 * posts get an empty body (their page shows title, date and picture).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blog_posts add column body text not null default '' check (length(body) <= 20000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blog_posts drop column body`.execute(db);
}
