/**
 * A blog item (storefront.md §3 "Blog"; docs/decisions/storefront.md "Content blocks", "Blog post
 * pages"): what the home page's blog list shows of a post, and the post's own page at `/{url}`.
 * Apart from content.ts so the slug route's chunk, which shows a post, carries none of the other
 * blocks' schemas. zod/mini like content.ts (docs/gotchas.md).
 */
import * as z from 'zod/mini';

/** §3 "Blog: id, title, url, image, date, category, text_color". */
export const blogPostSchema = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  url: z.string(),
  image: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  category: z.string(),
  text_color: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** A post's own page at `/{url}` (§2 "Routes and links"): its list fields and its body, plain text (migration 0029-e). */
export const blogPostPageSchema = z.object({
  ...blogPostSchema.shape,
  /** Paragraphs separated by blank lines; rendered as text, never as HTML. */
  body: z.string(),
});
export type BlogPostPage = z.infer<typeof blogPostPageSchema>;

/** The blog list's anchor on the home page: a post's back link goes to `/#blog`. */
export const BLOG_LIST_ANCHOR = 'blog';
