/**
 * A listing's impressions: one `view_item_list` each time a list page shows other products
 * (docs/decisions/storefront.md "Marketing events"). Renders nothing.
 */
import { useEffect, useRef } from 'react';
import type { ProductSummary } from '../../contracts/products-list';
import type { ListInfo } from './ga4';
import { useMarketing } from './track';

export function ListImpressions(props: { list: ListInfo; products: readonly ProductSummary[]; firstIndex: number }) {
  const marketing = useMarketing();
  const latest = useRef(props);
  latest.current = props;
  const key = `${props.list.id}:${props.firstIndex}:${props.products.map((p) => p.product_id).join(',')}`;
  useEffect(() => {
    const { list, products, firstIndex } = latest.current;
    if (products.length) marketing.viewItemList(list, products, firstIndex);
  }, [key, marketing]);
  return null;
}
