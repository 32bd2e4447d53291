/**
 * The home page `/` (docs/decisions/storefront.md "Content blocks"): the admin's blocks in order
 * (storefront.md §2 "Other page elements"), server-rendered in the first screen like the catalog
 * (server/http/first-screen.ts) from GET /api/content/page/home. With `pos_locked` on, a shopper
 * sees the locked view instead.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { homeContentQueryOptions } from '../../api/get-content';
import type { BlogPage, ContentBlock } from '../../contracts/content';
import { useMode } from '../../features/session/mode';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { AlertBar } from './alert-bar';
import { Banner } from './banner';
import { BlogList } from './blog-list';
import { Countdown } from './countdown';
import { HeroMenu } from './hero-menu';
import { ImageGrid } from './image-grid';
import { LockedView } from './locked-view';
import { ReadMore } from './read-more';
import { SiteFooter } from './site-footer';
import { VideoBlock } from './video-block';
import styles from './content.module.css';

function Block({ block, blog }: { block: ContentBlock; blog: BlogPage | null }) {
  switch (block.kind) {
    case 'banner':
      return <Banner block={block} />;
    case 'image_grid':
      return <ImageGrid block={block} />;
    case 'blog_list':
      return <BlogList block={block} first={blog} />;
    case 'video':
      return <VideoBlock block={block} />;
    case 'alert_bar':
      return <AlertBar block={block} />;
    case 'countdown':
      return <Countdown block={block} />;
    case 'read_more':
      return <ReadMore block={block} />;
    case 'footer':
      return <SiteFooter block={block} />;
    case 'hero_menu':
      return <HeroMenu block={block} />;
  }
}

export function HomePage() {
  const mode = useMode();
  const home = useQuery(homeContentQueryOptions);
  const data = home.data;
  if (!data)
    return home.isError ? (
      <ErrorState message={home.error.message}>
        <Button onClick={() => void home.refetch()}>Try again</Button>
      </ErrorState>
    ) : (
      <Spinner label="Loading..." />
    );
  if (data.pos_locked && mode === 'storefront') return <LockedView />;
  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">Home</h1>
      {data.blocks.map((b) => (
        <Block key={b.id} block={b} blog={data.blog} />
      ))}
      {data.blocks.length === 0 ? (
        <p>
          <Link to="/product/catalog">Browse the catalog</Link>
        </p>
      ) : null}
    </div>
  );
}
