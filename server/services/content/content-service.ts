/**
 * The storefront's content (docs/decisions/storefront.md "Content blocks"): the home page's blocks
 * and blog, the site's footer and `pos_locked`, and the admin's edits. Every block's data is
 * checked against its kind's schema (src/contracts/content.ts) when written, and again when read: a
 * row that no longer parses (edited by hand in SQL) is left out of the page, never sent half-checked.
 */
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import {
  ALERT_COOKIE_PREFIX,
  BLOG_PAGE_SIZE,
  CONTENT_DATA_SCHEMAS,
  CONTENT_MESSAGES,
  contentBlockSchema,
  type BlogPage,
  type ContentBlock,
  type HomeContentReply,
  type MapTiles,
  type SiteContentReply,
} from '../../../src/contracts/content';
import type { AdminContentReply, ContentBlockSave } from '../../../src/contracts/content-admin';
import type { DB } from '../../db/schema';
import { BLOG_LIST_COLUMNS } from './blog-post';
import { notFound, ServiceError } from '../../errors';

/** The settings row holding the content switches. */
const SETTINGS_KEY = 'content';

interface BlockRow {
  content_block_id: number;
  page: 'home' | 'site';
  kind: string;
  position: number;
  status: boolean;
  data: unknown;
}

function toBlock(row: BlockRow): ContentBlock | null {
  const parsed = z.safeParse(contentBlockSchema, {
    id: row.content_block_id,
    kind: row.kind,
    position: row.position,
    data: row.data,
  });
  return parsed.success ? parsed.data : null;
}

function invalidData(error: z.core.$ZodError): ServiceError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[['data', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
  return new ServiceError('invalid', 'invalid_input', first, fields);
}

/** The alert bars this caller dismissed (their `pd_alert_{id}=1` cookies). */
export function dismissedAlerts(cookies: Record<string, string | undefined> | undefined): Set<number> {
  const ids = new Set<number>();
  for (const [name, value] of Object.entries(cookies ?? {})) {
    if (value !== '1' || !name.startsWith(ALERT_COOKIE_PREFIX)) continue;
    const id = Number(name.slice(ALERT_COOKIE_PREFIX.length));
    if (Number.isInteger(id) && id > 0) ids.add(id);
  }
  return ids;
}

export class ContentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: { tagManagerId: string | null; mapTiles?: MapTiles | null } = { tagManagerId: null },
  ) {}

  /**
   * GET /api/content/page/home: enabled blocks in position order (less the alert bars this caller
   * dismissed), plus the blog's first page when a blog list shows.
   */
  async home(dismissed: ReadonlySet<number> = new Set()): Promise<HomeContentReply> {
    const [rows, locked] = await Promise.all([this.rows('home', true), this.posLocked()]);
    const blocks = rows
      .map(toBlock)
      .filter((b): b is ContentBlock => b !== null && !(b.kind === 'alert_bar' && dismissed.has(b.id)));
    const blog = blocks.some((b) => b.kind === 'blog_list') ? await this.blog(1) : null;
    return { blocks, blog, pos_locked: locked };
  }

  /** GET /api/content/site: the footer, `pos_locked`, the tag manager's id and the locator's tile server, for every storefront page. */
  async site(): Promise<SiteContentReply> {
    const [rows, locked] = await Promise.all([this.rows('site', true), this.posLocked()]);
    const footer = rows
      .map(toBlock)
      .find((b): b is Extract<ContentBlock, { kind: 'footer' }> => b !== null && b.kind === 'footer');
    return {
      pos_locked: locked,
      tag_manager_id: this.opts.tagManagerId,
      map_tiles: this.opts.mapTiles ?? null,
      footer: footer ?? null,
    };
  }

  /** GET /api/content/blog?page=n: §9's 9 posts per page, newest first. */
  async blog(page: number): Promise<BlogPage> {
    const [posts, count] = await Promise.all([
      this.db
        .selectFrom('blog_posts')
        .select(BLOG_LIST_COLUMNS)
        .where('status', '=', true)
        .orderBy('date', 'desc')
        .orderBy('blog_post_id', 'desc')
        .limit(BLOG_PAGE_SIZE)
        .offset((page - 1) * BLOG_PAGE_SIZE)
        .execute(),
      this.db
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', true)
        .executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.n);
    return {
      posts: posts.map((p) => ({ ...p, url: `/${p.url}` })),
      page,
      total,
      has_more: page * BLOG_PAGE_SIZE < total,
    };
  }

  /** GET /api/content/blocks (admin): every block, shown or not, and the switches. */
  async list(): Promise<AdminContentReply> {
    const [home, site, locked] = await Promise.all([
      this.rows('home', false),
      this.rows('site', false),
      this.posLocked(),
    ]);
    return {
      blocks: [...home, ...site].map((r) => ({
        id: r.content_block_id,
        page: r.page,
        kind: r.kind as ContentBlock['kind'],
        position: r.position,
        status: r.status,
        data: r.data,
      })),
      pos_locked: locked,
    };
  }

  /** POST /api/content/block/save (admin): a new block, or an existing one's place, status and data. */
  async save(req: ContentBlockSave): Promise<AdminContentReply> {
    const parsed = z.safeParse(CONTENT_DATA_SCHEMAS[req.kind], req.data);
    if (!parsed.success) throw invalidData(parsed.error);
    const values = {
      page: req.page,
      kind: req.kind,
      position: req.position,
      status: req.status,
      data: JSON.stringify(parsed.data),
    };
    if (req.id === undefined) {
      await this.db.insertInto('content_blocks').values(values).execute();
    } else {
      const id = req.id;
      await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('content_blocks')
          .select('kind')
          .where('content_block_id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound(CONTENT_MESSAGES.blockNotFound);
        if (row.kind !== req.kind)
          throw new ServiceError('invalid', 'invalid_input', CONTENT_MESSAGES.kindMismatch, {
            kind: [CONTENT_MESSAGES.kindMismatch],
          });
        await trx.updateTable('content_blocks').set(values).where('content_block_id', '=', id).execute();
      });
    }
    return this.list();
  }

  /** POST /api/content/block/delete (admin). */
  async remove(id: number): Promise<AdminContentReply> {
    const gone = await this.db.deleteFrom('content_blocks').where('content_block_id', '=', id).executeTakeFirst();
    if (gone.numDeletedRows === 0n) throw notFound(CONTENT_MESSAGES.blockNotFound);
    return this.list();
  }

  /** POST /api/content/settings (admin): the `pos_locked` switch. */
  async setPosLocked(locked: boolean): Promise<AdminContentReply> {
    const value = JSON.stringify({ pos_locked: locked });
    await this.db
      .insertInto('settings')
      .values({ key: SETTINGS_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return this.list();
  }

  async posLocked(): Promise<boolean> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', SETTINGS_KEY).executeTakeFirst();
    const value = row?.value as { pos_locked?: unknown } | undefined;
    return value?.pos_locked === true;
  }

  private rows(page: 'home' | 'site', shownOnly: boolean): Promise<BlockRow[]> {
    let q = this.db
      .selectFrom('content_blocks')
      .select(['content_block_id', 'page', 'kind', 'position', 'status', 'data'])
      .where('page', '=', page);
    if (shownOnly) q = q.where('status', '=', true);
    return q.orderBy('position').orderBy('content_block_id').execute();
  }
}
