/**
 * Footer collapsibles (storefront.md §2 "footer collapsibles"): each section a <details>, folded on
 * a phone and open from 768 px wide.
 */
import type { BlockOf } from '../../contracts/content';
import { ContentLink } from './content-link';
import styles from './content.module.css';

const wide = () => typeof matchMedia === 'function' && matchMedia('(min-width: 768px)').matches;

export function SiteFooter({ block }: { block: BlockOf<'footer'> }) {
  const open = wide();
  return (
    <footer className={styles.footer} data-block="footer">
      <div className={styles.footerSections}>
        {block.data.sections.map((s) => (
          <details key={s.title} className={styles.footerSection} open={open}>
            <summary>{s.title}</summary>
            <ul>
              {s.links.map((l) => (
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
