import { Link } from 'react-router';
import { useCompare } from './use-compare';

/** The listing toolbar's 'Product Compare (n)' link (storefront.md §2 "Listing toolbar"). */
export function CompareLink({ className }: { className?: string }) {
  const { count } = useCompare();
  return (
    <Link to="/product/compare" className={className}>
      Product Compare ({count})
    </Link>
  );
}
