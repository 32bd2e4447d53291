/**
 * Video module (storefront.md §3 "Video module: video_id, video_url, width"): a poster with a play
 * button; the player and its file load only after a tap, so the page's first load carries none of it.
 * A captions file (WebVTT, `captions_url`) is the player's default captions track.
 */
import { useState } from 'react';
import type { BlockOf } from '../../contracts/content';
import styles from './content.module.css';

export const VIDEO_FAILED = 'This video cannot be played right now.';

export function VideoBlock({ block }: { block: BlockOf<'video'> }) {
  const d = block.data;
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const label = d.heading || 'Video';
  return (
    <section className={styles.video} style={{ maxWidth: d.width }} aria-label={label} data-block="video">
      {d.heading ? <h2 className={styles.heading}>{d.heading}</h2> : null}
      {playing && failed ? (
        <p role="status">{VIDEO_FAILED}</p>
      ) : playing ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the track is there when the block names a captions file (captions_url)
        <video
          className={styles.player}
          src={d.video_url}
          poster={d.poster}
          controls
          autoPlay
          playsInline
          onError={() => setFailed(true)}
        >
          {d.captions_url ? (
            <track
              kind="captions"
              src={d.captions_url}
              srcLang={d.captions_lang ?? 'en'}
              label={d.captions_label || 'English'}
              default
            />
          ) : null}
          <a href={d.video_url}>Download the video</a>
        </video>
      ) : (
        <button
          type="button"
          className={styles.poster}
          aria-label={`Play video: ${label}`}
          data-video-id={d.video_id}
          onClick={() => setPlaying(true)}
        >
          <img src={d.poster} alt="" loading="lazy" decoding="async" />
          <span className={styles.play} aria-hidden="true" />
        </button>
      )}
    </section>
  );
}
