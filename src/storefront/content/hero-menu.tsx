/** Hero navigation menu (storefront.md §2 "hero navigation menus"): picture tiles leading into the catalog. */
import type { BlockOf } from '../../contracts/content';
import { ContentLink } from './content-link';
import styles from './content.module.css';

export function HeroMenu({ block }: { block: BlockOf<'hero_menu'> }) {
  const { heading, items } = block.data;
  return (
    <nav aria-label={heading || 'Shop by category'} data-block="hero_menu">
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <ul className={styles.menu}>
        {items.map((item) => (
          <li key={item.link + item.label}>
            <ContentLink className={styles.tile} href={item.link}>
              {item.image ? (
                <img className={styles.tileImage} src={item.image} alt="" loading="lazy" decoding="async" />
              ) : null}
              {item.label}
            </ContentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
