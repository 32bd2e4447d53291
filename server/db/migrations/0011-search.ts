/**
 * Migration 0011: the shoppers' search (server/services/catalog/search-*.ts, docs/decisions/storefront.md
 * "Server search").
 *
 * - product_search: one row per enabled product with its word tokens as a tsvector: `words` over
 *   name, brand code, part number, brand, series and category names (the "any field" tier) and
 *   `name_words` over the name alone (the "name" tier), plus the folded name the hits sort by.
 *   Tokens follow src/domain/search-normalize.ts `wordTokens` (pd_search_tokens below): each
 *   whitespace chunk joined ('K&N' -> 'kn'), its alphanumeric pieces ('k', 'n') and camel-case
 *   words ('BAKFlip' -> 'bak', 'flip'), lower-cased. A query term is a prefix (`term:*`), so
 *   tsvector's GIN index answers "every term is a prefix of some token" without the text parser
 *   ever splitting a part number ('33-2304' is indexed as '332304', '33', '2304').
 *   Must stay true: a row exists exactly for each product with status = true, and its tokens
 *   reflect the product's and its brand's, series' and categories' current names. Statement-level
 *   triggers (transition tables, so a bulk insert of 5,000 rows refreshes once) keep that.
 *   Not versioned: it never leaves the server (devices build their own index, sync/search).
 * - products (mpn_key text_pattern_ops): the part-number prefix tier (`mpn_key like 'KN33%'`)
 *   reads an index range whatever the database collation.
 * - product_search (name_fold, product_id): a common term (half the catalog matches 'c') reads
 *   names in order and stops after a page instead of sorting every match.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
-- Joined chunks ('K&N' -> 'kn'), then every piece and camel-case word ('fel', 'pro'; 'bak', 'flip'),
-- all lower-cased, space-separated; repeats are harmless (to_tsvector keeps each lexeme once).
-- Plain regexp_replace passes: the set-returning version with lookbehinds cost 3x as much per row.
create function pd_search_tokens(s text) returns text language sql immutable parallel safe as $$
  select lower(concat_ws(' ',
    regexp_replace(s, '[^[:alnum:][:space:]]+', '', 'g'),
    regexp_replace(
      regexp_replace(regexp_replace(s, '([[:lower:]])([[:upper:]])', '\\1 \\2', 'g'), '([[:upper:]])([[:upper:]][[:lower:]])', '\\1 \\2', 'g'),
      '[^[:alnum:]]+', ' ', 'g')))
$$;

create table product_search (
  product_id int primary key references products on delete cascade,
  words tsvector not null,
  name_words tsvector not null,
  name_fold text not null
);
create index product_search_words_idx on product_search using gin (words);
create index product_search_name_idx on product_search (name_fold, product_id);
create index products_mpn_key_pattern_idx on products (mpn_key text_pattern_ops);

create function pd_search_refresh(ids int[]) returns void language plpgsql as $$
begin
  delete from product_search s
   where s.product_id = any(ids)
     and not exists (select 1 from products p where p.product_id = s.product_id and p.status);
  insert into product_search (product_id, words, name_words, name_fold)
  select p.product_id,
         -- The name's tokens once: they are name_words, and part of words.
         n.v || to_tsvector('simple', pd_search_tokens(concat_ws(' ', p.aaia, p.mpn, m.name, se.name,
           (select string_agg(c.name, ' ') from product_categories pc join categories c on c.category_id = pc.category_id
             where pc.product_id = p.product_id and c.status)))),
         n.v,
         lower(p.name)
    from products p
    cross join lateral (select to_tsvector('simple', pd_search_tokens(p.name)) as v) n
    join manufacturers m on m.manufacturer_id = p.manufacturer_id
    left join series se on se.series_id = p.series_id
   where p.product_id = any(ids) and p.status
  on conflict (product_id) do update
    set words = excluded.words, name_words = excluded.name_words, name_fold = excluded.name_fold;
end $$;

create function pd_search_products_ins() returns trigger language plpgsql as $$
begin
  perform pd_search_refresh(array(select product_id from n));
  return null;
end $$;
create trigger product_search_products_ins after insert on products
  referencing new table as n for each statement execute function pd_search_products_ins();

-- Only the columns the document is made of: price and stock updates (every sale) refresh nothing.
create function pd_search_products_upd() returns trigger language plpgsql as $$
begin
  perform pd_search_refresh(array(
    select n.product_id from n join o on o.product_id = n.product_id
     where (n.name, n.aaia, n.mpn, n.manufacturer_id, n.series_id, n.status)
           is distinct from (o.name, o.aaia, o.mpn, o.manufacturer_id, o.series_id, o.status)));
  return null;
end $$;
create trigger product_search_products_upd after update on products
  referencing old table as o new table as n for each statement execute function pd_search_products_upd();

create function pd_search_links_new() returns trigger language plpgsql as $$
begin
  perform pd_search_refresh(array(select distinct product_id from n));
  return null;
end $$;
create function pd_search_links_old() returns trigger language plpgsql as $$
begin
  perform pd_search_refresh(array(select distinct product_id from o));
  return null;
end $$;
create trigger product_search_links_ins after insert on product_categories
  referencing new table as n for each statement execute function pd_search_links_new();
create trigger product_search_links_upd after update on product_categories
  referencing new table as n for each statement execute function pd_search_links_new();
create trigger product_search_links_del after delete on product_categories
  referencing old table as o for each statement execute function pd_search_links_old();

-- A renamed brand, series or category changes the tokens of every product carrying it.
create function pd_search_facets_upd() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'manufacturers' then
    perform pd_search_refresh(array(select p.product_id from products p join n on n.manufacturer_id = p.manufacturer_id
      join o on o.manufacturer_id = n.manufacturer_id where n.name is distinct from o.name));
  elsif tg_table_name = 'series' then
    perform pd_search_refresh(array(select p.product_id from products p join n on n.series_id = p.series_id
      join o on o.series_id = n.series_id where n.name is distinct from o.name));
  else
    perform pd_search_refresh(array(select pc.product_id from product_categories pc join n on n.category_id = pc.category_id
      join o on o.category_id = n.category_id where (n.name, n.status) is distinct from (o.name, o.status)));
  end if;
  return null;
end $$;
create trigger product_search_manufacturers_upd after update on manufacturers
  referencing old table as o new table as n for each statement execute function pd_search_facets_upd();
create trigger product_search_series_upd after update on series
  referencing old table as o new table as n for each statement execute function pd_search_facets_upd();
create trigger product_search_categories_upd after update on categories
  referencing old table as o new table as n for each statement execute function pd_search_facets_upd();

select pd_search_refresh(array(select product_id from products));
analyze product_search;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
drop trigger if exists product_search_products_ins on products;
drop trigger if exists product_search_products_upd on products;
drop trigger if exists product_search_links_ins on product_categories;
drop trigger if exists product_search_links_upd on product_categories;
drop trigger if exists product_search_links_del on product_categories;
drop trigger if exists product_search_manufacturers_upd on manufacturers;
drop trigger if exists product_search_series_upd on series;
drop trigger if exists product_search_categories_upd on categories;
drop function if exists pd_search_facets_upd, pd_search_links_old, pd_search_links_new, pd_search_products_upd, pd_search_products_ins;
drop function if exists pd_search_refresh(int[]);
drop table if exists product_search;
drop index if exists products_mpn_key_pattern_idx;
drop function if exists pd_search_tokens(text);
`.execute(db);
}
