/** The storefront's content blocks and blog posts (migration 0028-f; docs/decisions/storefront.md "Content blocks"). */
import type { Generated } from 'kysely';
import type { Json, Version } from './columns';

export interface ContentBlocksTable {
  content_block_id: Generated<number>;
  page: 'home' | 'site';
  kind: string;
  position: Generated<number>;
  status: Generated<boolean>;
  /** Checked against the kind's schema (src/contracts/content.ts) on every write. */
  data: Json;
  version: Version;
}

export interface BlogPostsTable {
  blog_post_id: Generated<number>;
  title: string;
  url: string;
  image: Generated<string>;
  /** `date` column: pg hands it back as a Date; selected as text (YYYY-MM-DD). */
  date: string;
  category: Generated<string>;
  text_color: Generated<string>;
  /** Plain text, paragraphs separated by blank lines (migration 0029-e); never rendered as HTML. */
  body: Generated<string>;
  status: Generated<boolean>;
  version: Version;
}

export interface ContentTables {
  content_blocks: ContentBlocksTable;
  blog_posts: BlogPostsTable;
}
