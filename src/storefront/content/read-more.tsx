/** Read more / less (storefront.md §2): long text folded to `preview_chars` characters, unfolded in place. */
import { useId, useState } from 'react';
import type { BlockOf } from '../../contracts/content';
import { DisclosureButton } from '../../ui/disclosure-button';
import styles from './content.module.css';

/** The folded text: cut at the last space before `chars`, with an ellipsis; null when it all fits. */
export function foldText(text: string, chars: number): string | null {
  if (text.length <= chars) return null;
  const cut = text.slice(0, chars);
  const space = cut.lastIndexOf(' ');
  return `${(space > chars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function ReadMore({ block }: { block: BlockOf<'read_more'> }) {
  const { heading, text, preview_chars } = block.data;
  const [open, setOpen] = useState(false);
  const id = useId();
  const folded = foldText(text, preview_chars);
  const shown = open || folded === null ? text : folded;
  return (
    <section className={styles.readMore} aria-label={heading || 'About'} data-block="read_more">
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <div id={id}>
        {shown.split(/\n\s*\n/).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {folded !== null ? (
        <DisclosureButton open={open} setOpen={setOpen} controls={id} className={styles.linkButton}>
          {open ? 'Read less' : 'Read more'}
        </DisclosureButton>
      ) : null}
    </section>
  );
}
