/**
 * The locked view (storefront.md §2 "a locked view when pos_locked is set (hides the normal
 * storefront screens)"): with the shop's `pos_locked` switch on, a shopper sees this instead of the
 * storefront; staff sign in and keep working (docs/decisions/storefront.md "Content blocks").
 */
import styles from './site-chrome.module.css';

export const LOCKED_TITLE = 'Our online store is closed';

export function LockedView() {
  return (
    <section className={styles.locked} aria-labelledby="pd-locked-title" data-block="pos_locked">
      <h1 id="pd-locked-title">{LOCKED_TITLE}</h1>
      <p>Please visit us in store or call us; our counter staff are glad to help.</p>
      <p>
        <a href="/pos/login">Staff sign in</a>
      </p>
    </section>
  );
}
