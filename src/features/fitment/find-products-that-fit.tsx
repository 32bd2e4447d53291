import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fitmentApi } from '../../api/fitment';
import { usePainted } from '../../ui/after-paint';
import { useFitmentSelect } from './fitment-store';
import styles from './fitment.module.css';

export interface FindProductsThatFitProps {
  product: {
    product_id: number;
    aaia: string;
    mpn: string;
    categories: { category_id: number }[];
    manufacturer_id: number;
    series_id: number | null;
  };
}

/**
 * The product page's 'Find Products That Fit' panel (§2): By Series, By Category and By Brand
 * tiles, each '{n} Part(s)' linking to the server's URL. Hidden unless a count is above 0 (so
 * with no vehicle, and while loading or after a failure, which is logged only).
 */
export function FindProductsThatFit({ product }: FindProductsThatFitProps) {
  const vehicleVersion = useFitmentSelect((s) => s.vehicleVersion);
  // Asked once the product has painted (ui/after-paint.ts); the panel shows nothing until then.
  const painted = usePainted();
  const body = {
    product_id: product.product_id,
    aaia: product.aaia,
    mpn: product.mpn,
    category_id: product.categories[0]?.category_id ?? 0,
    manufacturer_id: product.manufacturer_id,
    series_id: product.series_id ?? 0,
  };
  const q = useQuery({
    queryKey: ['fitment', 'catalogDetails', body, vehicleVersion],
    queryFn: () => fitmentApi.catalogDetails(body),
    retry: false,
    enabled: painted,
  });
  const d = q.data?.catalogDetails;
  if (!d) return null;
  const tiles = [
    { title: 'By Series', count: d.seriesCount, url: d.seriesUrl },
    { title: 'By Category', count: d.categoryCount, url: d.categoryUrl },
    { title: 'By Brand', count: d.manufacturerCount, url: d.manufacturerUrl },
  ];
  if (!tiles.some((t) => t.count > 0)) return null;
  return (
    <section aria-labelledby="find-products-that-fit">
      <h2 id="find-products-that-fit">Find Products That Fit</h2>
      <ul className={styles.tiles}>
        {tiles.map((t) =>
          t.url && t.count > 0 ? (
            <li key={t.title}>
              <Link className={styles.tile} to={t.url}>
                <span>{t.title}</span>
                <span className={styles.tileCount}>{t.count} Part(s)</span>
              </Link>
            </li>
          ) : (
            <li key={t.title} className={styles.tile}>
              <span>{t.title}</span>
              <span className={styles.tileCount}>{t.count} Part(s)</span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
