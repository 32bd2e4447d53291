/**
 * Blog list (storefront.md §3 "Blog", §9 "Blog list: 9 items per page, 9 more per Show More
 * click"): the first page comes with the home page's reply; Show More asks for the next 9.
 */
import { useState } from 'react';
import type { BlockOf, BlogPage } from '../../contracts/content';
import { BLOG_LIST_ANCHOR, type BlogPost } from '../../contracts/blog-post';
import { getBlogPage } from '../../api/get-content';
import { ContentLink } from './content-link';
import blog from './blog-list.module.css';
import styles from './content.module.css';

export const BLOG_MORE_FAILED = 'The next posts could not be loaded. Try again.';

function PostCard({ post }: { post: BlogPost }) {
  return (
    <li>
      <ContentLink className={blog.post} href={post.url} style={{ color: post.text_color }}>
        {post.image ? <img src={post.image} alt="" loading="lazy" decoding="async" /> : null}
        <span className={blog.postText}>
          <h3 className={blog.postTitle}>{post.title}</h3>
          <p className={blog.postMeta}>
            <time dateTime={post.date}>{post.date}</time>
            {post.category ? ` · ${post.category}` : ''}
          </p>
        </span>
      </ContentLink>
    </li>
  );
}

export function BlogList({ block, first }: { block: BlockOf<'blog_list'>; first: BlogPage | null }) {
  const [pages, setPages] = useState<BlogPage[]>(first ? [first] : []);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const last = pages.at(-1);
  if (!last || last.total === 0) return null;
  const more = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const next = await getBlogPage(last.page + 1);
      setPages((p) => [...p, next]);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section id={BLOG_LIST_ANCHOR} aria-label={block.data.heading || 'Blog'} data-block="blog_list">
      {block.data.heading ? <h2 className={styles.heading}>{block.data.heading}</h2> : null}
      <ul className={blog.blog}>
        {pages
          .flatMap((p) => p.posts)
          .map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
      </ul>
      {failed ? <p role="alert">{BLOG_MORE_FAILED}</p> : null}
      {last.has_more ? (
        <div className={blog.more}>
          <button type="button" className={blog.moreButton} disabled={busy} onClick={() => void more()}>
            {busy ? 'Loading…' : 'Show More'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
