/**
 * Footer collapsibles (storefront.md §2 "footer collapsibles"): each section a <details>, folded on
 * a phone and open from 768 px wide. On a kiosk, links to a shopper's own pages (sign-in, wishlist,
 * the shopper cart and checkout) are left out: a shared screen has none of them
 * (docs/decisions/storefront.md "Kiosk").
 */
import type { BlockOf } from '../../contracts/content';
import { ContentLink } from './content-link';
import styles from './site-chrome.module.css';

const wide = () => typeof matchMedia === 'function' && matchMedia('(min-width: 768px)').matches;

/** Pages a kiosk never opens (it has its own cart and no shopper sign-in). */
const SHOPPER_ONLY = /^\/(?:account|checkout)(?:\/|$)/;

export function SiteFooter({ block, kiosk = false }: { block: BlockOf<'footer'>; kiosk?: boolean }) {
  const open = wide();
  return (
    <footer className={styles.footer} data-block="footer">
      <div className={styles.footerSections}>
        {block.data.sections.map((s) => (
          <details key={s.title} className={styles.footerSection} open={open}>
            <summary>{s.title}</summary>
            <ul>
              {s.links
                .filter((l) => !kiosk || !SHOPPER_ONLY.test(l.link))
                .map((l) => (
                  <li key={l.link + l.label}>
                    <ContentLink href={l.link}>{l.label}</ContentLink>
                  </li>
                ))}
            </ul>
          </details>
        ))}
      </div>
    </footer>
  );
}
