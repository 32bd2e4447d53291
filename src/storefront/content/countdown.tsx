/**
 * Flip clock countdown (storefront.md §2 "flip clock countdowns"): days, hours, minutes and seconds
 * to `ends_at`, each digit pair flipping as it changes (no motion for reduced-motion users, in CSS);
 * once over, `done_text` instead. The time is the device's clock.
 */
import { useEffect, useState } from 'react';
import type { BlockOf } from '../../contracts/content';
import { ContentLink } from './content-link';
import styles from './content.module.css';

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole units left until `endsAt` from `now` (null once over). */
export function remainingUntil(endsAt: string, now: number): Remaining | null {
  const ms = Date.parse(endsAt) - now;
  if (!(ms > 0)) return null;
  const s = Math.floor(ms / 1000);
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function Countdown({ block }: { block: BlockOf<'countdown'> }) {
  const d = block.data;
  const [now, setNow] = useState(() => Date.now());
  const left = remainingUntil(d.ends_at, now);
  const over = left === null;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [over]);
  const units: [string, number][] = left
    ? [
        ['Days', left.days],
        ['Hours', left.hours],
        ['Minutes', left.minutes],
        ['Seconds', left.seconds],
      ]
    : [];
  return (
    <section className={styles.countdown} aria-label={d.heading || 'Countdown'} data-block="countdown">
      {d.heading ? <h2 className={styles.heading}>{d.heading}</h2> : null}
      {left ? (
        <div
          className={styles.clock}
          role="timer"
          aria-label={`${left.days} days, ${left.hours} hours, ${left.minutes} minutes left`}
        >
          {units.map(([label, value]) => (
            <div key={label} className={styles.unit} aria-hidden="true">
              <span key={value} className={styles.flip} data-unit={label.toLowerCase()}>
                {pad(value)}
              </span>
              {label}
            </div>
          ))}
        </div>
      ) : (
        <p>{d.done_text}</p>
      )}
      {d.link && d.link_text ? (
        <ContentLink className={styles.cta} href={d.link}>
          {d.link_text}
        </ContentLink>
      ) : null}
    </section>
  );
}
