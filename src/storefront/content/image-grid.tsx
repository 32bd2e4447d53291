/**
 * Image grid (storefront.md §3 "Image grid: gallery_mode, status, row_image_count, images (src,
 * label, link)"): `row_image_count` per row from 768 px (2 on a phone); in gallery mode a tap opens
 * the picture large in a native dialog (Escape or Close closes it) instead of following a link.
 */
import { useRef, useState, type CSSProperties } from 'react';
import type { BlockOf } from '../../contracts/content';
import { ContentLink } from './content-link';
import styles from './content.module.css';

export function ImageGrid({ block }: { block: BlockOf<'image_grid'> }) {
  const { heading, gallery_mode, row_image_count, images } = block.data;
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<{ src: string; label: string } | null>(null);
  return (
    <section aria-label={heading || 'Gallery'} data-block="image_grid">
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <ul className={styles.grid} style={{ '--per-row': row_image_count } as CSSProperties}>
        {images.map((img) => {
          const picture = <img className={styles.tileImage} src={img.src} alt="" loading="lazy" decoding="async" />;
          return (
            <li key={img.src + img.label}>
              {gallery_mode ? (
                <button
                  type="button"
                  className={`${styles.tile} ${styles.galleryButton}`}
                  onClick={() => {
                    setOpen(img);
                    dialog.current?.showModal();
                  }}
                >
                  {picture}
                  {img.label}
                </button>
              ) : img.link ? (
                <ContentLink className={styles.tile} href={img.link}>
                  {picture}
                  {img.label}
                </ContentLink>
              ) : (
                <span className={styles.tile}>
                  {picture}
                  {img.label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {gallery_mode ? (
        <dialog ref={dialog} aria-label={open?.label ?? heading} onClose={() => setOpen(null)}>
          {open ? <img src={open.src} alt={open.label} style={{ maxWidth: '90vw', maxHeight: '80vh' }} /> : null}
          <form method="dialog">
            <button type="submit" className={styles.moreButton}>
              Close
            </button>
          </form>
        </dialog>
      ) : null}
    </section>
  );
}
