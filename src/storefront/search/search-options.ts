/** The suggestions as one flat list of options, in the order arrow keys walk them. */
import type { SearchAutocompleteReply } from '../../contracts/search-autocomplete';

export type SectionKey = 'parts' | 'categories' | 'series' | 'brands';

export interface SearchOption {
  /** DOM id (aria-activedescendant). */
  id: string;
  section: SectionKey | 'more';
  label: string;
  /** Part number and brand of a part hit. */
  detail?: string;
  price?: string | null;
  url: string;
  /** Part hits: the product and its 0-based index (analytics position). */
  productId?: number;
  index?: number;
  /** Part hits: the brand (the marketing item's item_brand). */
  brand?: string;
}

export const SECTION_TITLES: Record<SectionKey, string> = {
  parts: 'Parts',
  categories: 'Categories',
  series: 'Series',
  brands: 'Brands',
};

export function toOptions(reply: SearchAutocompleteReply, idBase: string): SearchOption[] {
  const out: SearchOption[] = reply.parts.map((p, index) => ({
    id: `${idBase}-parts-${index}`,
    section: 'parts',
    label: p.name,
    detail: [p.brand, `Part #: ${p.mpn}`].filter(Boolean).join(' · '),
    price: p.price,
    url: p.url,
    productId: p.product_id,
    index,
    brand: p.brand,
  }));
  for (const section of ['categories', 'series', 'brands'] as const) {
    reply[section].forEach((h, i) =>
      out.push({ id: `${idBase}-${section}-${i}`, section, label: h.name, detail: `${h.count} Part(s)`, url: h.url }),
    );
  }
  if (out.length > 0) out.push({ id: `${idBase}-more`, section: 'more', label: 'Show More', url: reply.show_more_url });
  return out;
}
