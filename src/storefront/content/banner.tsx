/**
 * Banner module (storefront.md §3 "Banner module", §9 "Banner speed in seconds (times 1000 ms)...
 * mobile banner threshold 768"): slides with a picture (a mobile picture below 768 px), title,
 * subtitle and link, turning every `speed` seconds; a darkening `overlay` under the text, aligned
 * left, center or right. Turning pauses on hover or focus and never starts for reduced motion.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { MOBILE_BANNER_MAX_WIDTH, type BlockOf } from '../../contracts/content';
import { ContentLink } from './content-link';
import styles from './content.module.css';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function Banner({ block }: { block: BlockOf<'banner'> }) {
  const { slides, speed, ratio, overlay, alignment } = block.data;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (speed === 0 || slides.length < 2 || paused || reducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), speed * 1000);
    return () => clearInterval(timer);
  }, [speed, slides.length, paused]);
  const vars = {
    '--ratio-mobile': ratio.mobile.replace(':', ' / '),
    '--ratio-desktop': ratio.desktop.replace(':', ' / '),
    '--overlay': String(overlay),
  } as CSSProperties;
  return (
    <section
      className={styles.banner}
      style={vars}
      aria-roledescription="carousel"
      aria-label={slides[0]?.title || 'Featured'}
      data-block="banner"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((s, i) => (
        <div
          key={i}
          className={styles.slide}
          hidden={i !== index}
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${slides.length}`}
        >
          <picture>
            {s.mobile_image ? (
              <source media={`(max-width: ${MOBILE_BANNER_MAX_WIDTH}px)`} srcSet={s.mobile_image} />
            ) : null}
            <img
              className={styles.slideImage}
              src={s.image}
              alt=""
              decoding="async"
              loading={i === 0 ? 'eager' : 'lazy'}
              {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
            />
          </picture>
          <div className={styles.slideText} data-align={alignment}>
            {s.title ? <h2 className={styles.slideTitle}>{s.title}</h2> : null}
            {s.subtitle ? <p className={styles.slideSubtitle}>{s.subtitle}</p> : null}
            {s.link && s.link_text ? (
              <ContentLink className={styles.cta} href={s.link} newTab={s.open_in_new_tab}>
                {s.link_text}
              </ContentLink>
            ) : null}
          </div>
        </div>
      ))}
      {slides.length > 1 ? (
        <div className={styles.dots}>
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={styles.dot}
              aria-label={`Show slide ${i + 1} of ${slides.length}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
