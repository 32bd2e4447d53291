/**
 * A blog post's page (storefront.md §2 "/{url} : blog items"; docs/decisions/storefront.md "Blog
 * post pages"): the post whose url is the link's one segment, when it is shown. Read by the slug
 * resolver (GET /api/products/page/{slug}) after products, brands and categories, so a blog url
 * never hides a product and every /{slug} link keeps one read, one first screen and one offline copy.
 */
import { sql, type Kysely } from 'kysely';
import type { BlogPostPage } from '../../../src/contracts/blog-post';
import type { DB } from '../../db/schema';

/** A post as the blog list shows it (content-service.ts) and its page starts from. */
export const BLOG_LIST_COLUMNS = [
  'blog_post_id as id',
  'title',
  'url',
  'image',
  sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
  'category',
  'text_color',
] as const;

export async function blogPostByUrl(db: Kysely<DB>, url: string): Promise<BlogPostPage | null> {
  const row = await db
    .selectFrom('blog_posts')
    .select([...BLOG_LIST_COLUMNS, 'body'])
    .where('url', '=', url)
    .where('status', '=', true)
    .executeTakeFirst();
  return row ? { ...row, url: `/${row.url}` } : null;
}
