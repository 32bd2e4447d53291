/**
 * A blog item's page at `/{url}` (storefront.md §2 "/{url} : blog items", §3 "Blog"; docs/decisions/
 * storefront.md "Blog post pages"): title, date, picture and body, and a link back to the home
 * page's blog list. The slug page shows it when GET /api/products/page/{slug} answers `blog_post`,
 * so it is server-rendered and kept offline like a product page. The body is plain text: each
 * paragraph is a text node, never HTML.
 */
import { Link } from 'react-router';
import { BLOG_LIST_ANCHOR, type BlogPostPage as Post } from '../../contracts/blog-post';
import styles from './blog-post-page.module.css';

/** Paragraphs are separated by blank lines; a single line break stays one (white-space: pre-line). */
export function bodyParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function BlogPostPage({ post }: { post: Post }) {
  return (
    <article className={styles.page} aria-labelledby="blog-post-title" data-blog-post={post.id}>
      <p className={styles.back}>
        <Link to={`/#${BLOG_LIST_ANCHOR}`}>
          <span aria-hidden="true">←</span>Back to the blog
        </Link>
      </p>
      <h1 id="blog-post-title" className={styles.title}>
        {post.title}
      </h1>
      <p className={styles.meta}>
        <time dateTime={post.date}>{post.date}</time>
        {post.category ? ` · ${post.category}` : ''}
      </p>
      {post.image ? (
        <div className={styles.picture}>
          <img src={post.image} alt="" fetchPriority="high" decoding="async" />
        </div>
      ) : null}
      <div className={styles.body}>
        {bodyParagraphs(post.body).map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
    </article>
  );
}
