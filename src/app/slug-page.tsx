import { useParams } from 'react-router';
import { NotBuiltYet } from './not-built-yet';

/** /{slug}: a product or brand page from search hits (and blog items) — a later issue. */
export function SlugPage() {
  const { slug = '' } = useParams();
  return <NotBuiltYet route={`/${slug} (product or brand page)`} />;
}
