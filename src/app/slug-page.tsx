import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../api/api-error';
import { productPageQueryOptions } from '../api/get-product-page';
import type { ProductDetail, ProductPageReply } from '../contracts/product-page';
import { unreachableRead, useOfflineCatalog } from '../device/use-offline-catalog';
import { ListingPage } from '../storefront/catalog/listing-page';
import { ProductPage } from '../storefront/product/product-page';
import { BlogPostPage } from '../storefront/content/blog-post-page';
import { Button } from '../ui/button';
import { ErrorState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { FindProductsThatFit } from '../features/fitment/find-products-that-fit';
import { FitmentButton } from '../features/fitment/fitment-button';
import { useFitmentGuard } from '../features/fitment/use-fitment-guard';
import { NotFound } from './not-found';

/**
 * /{slug}: a product, brand or category link, or a blog item (storefront.md §2 "Routes and links"; a
 * queryID from search clicks is accepted and left in the URL). Composed here because it joins areas: the
 * product page, the listing for brands and categories, and the fitment pieces.
 */
export function SlugPage() {
  const { slug = '' } = useParams();
  const page = useQuery(productPageQueryOptions(slug));
  // The server out of reach: a kiosk shows its own catalog's copy (docs/decisions/storefront.md "Kiosk pages offline").
  const offline = useOfflineCatalog(unreachableRead(page), ['page', slug], (c) => c.page(slug));

  // Offline with no device copy either (null): the failure shows rather than a spinner that waits for the network.
  const failed = page.isError || offline.data === null;
  if ((page.isPending && !failed && !offline.data) || offline.waiting) return <Spinner label="Loading..." />;
  if (failed && !offline.data) {
    const error = page.error ?? page.failureReason;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFound />;
    return (
      <ErrorState message={error?.message ?? ''}>
        <Button onClick={() => void page.refetch()}>Try again</Button>
      </ErrorState>
    );
  }
  const data: ProductPageReply = page.data ?? offline.data!.reply;
  const deviceStock = page.data ? undefined : (offline.data?.stock ?? undefined);
  switch (data.kind) {
    case 'product':
      return <ProductWithFitment key={data.product.product_id} product={data.product} deviceStock={deviceStock} />;
    case 'brand':
      return (
        <ListingPage
          key={`b${data.brand.manufacturer_id}`}
          title={data.brand.name}
          fixed={{ manufacturer_id: data.brand.manufacturer_id }}
        />
      );
    case 'category':
      return (
        <ListingPage
          key={`c${data.category.category_id}`}
          title={data.category.name}
          fixed={{ category_id: data.category.category_id }}
        />
      );
    case 'blog_post':
      return <BlogPostPage key={`p${data.post.id}`} post={data.post} />;
  }
}

/**
 * The product page with the fitment area's button, 'Find Products That Fit' and 'Heads up!' guard.
 * A device copy (`deviceStock`) leaves out 'Find Products That Fit' (the server counts them).
 */
function ProductWithFitment({ product, deviceStock }: { product: ProductDetail; deviceStock: number | undefined }) {
  const guard = useFitmentGuard();
  return (
    <>
      <ProductPage
        product={product}
        confirmFits={(p) => guard.confirmFits(p)}
        fitment={<FitmentButton product={product} />}
        productsThatFit={deviceStock === undefined ? <FindProductsThatFit product={product} /> : null}
        deviceStock={deviceStock}
      />
      {guard.dialog}
    </>
  );
}
