/**
 * The kiosk's splash screen (storefront.md §2 Kiosk, §4: "Videos advance on end, stall or error.
 * Watching a video sends a tracking record"): the shop's kiosk_videos one after another, muted, over
 * the still image, with "Press here to get started". Each turn of a video is recorded with POST
 * /tool/kiosk/video and how it ended (`ended`, `stalled`, `error`; docs/decisions/storefront.md
 * "Kiosk settings and video report"): a turn that failed before it played is recorded too, with no
 * time watched (start = end), so a broken file shows in the report; one left by the shopper while
 * it played is recorded without an outcome; one left before it played is not recorded. A kiosk
 * offline drops the record. When every video fails in a row the still image stays (no loop of errors).
 */
import { useEffect, useRef, useState } from 'react';
import { KIOSK_TEXTS, type KioskVideo } from '../../domain/kiosk-config';
import { recordKioskVideo } from '../../api/kiosk';
import type { KioskVideoOutcome } from '../../contracts/kiosk';
import styles from './kiosk.module.css';

/** A video that neither plays on nor ends for this long is stalled: the next one plays. */
const STALL_MS = 8000;

export function KioskSplash({ videos, onStart }: { videos: readonly KioskVideo[]; onStart: () => void }) {
  const [index, setIndex] = useState(0);
  const [failedInRow, setFailedInRow] = useState(0);
  /** The video on screen and when it started playing (null until it plays); read on unmount too. */
  const turn = useRef<{ id: string; started: string | null } | null>(null);
  const stallTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const video = failedInRow < videos.length ? videos[index % Math.max(1, videos.length)] : undefined;

  /** The turn of the video on screen, begun when its loading started (or at its first event). */
  const currentTurn = (): { id: string; started: string | null } | null => {
    if (video && turn.current?.id !== video.id) turn.current = { id: video.id, started: null };
    return turn.current;
  };

  const clearStall = () => {
    if (stallTimer.current) clearTimeout(stallTimer.current);
    stallTimer.current = null;
  };

  /** Ends the turn on screen and records it: with its outcome, or without one when the shopper left it. */
  const track = (outcome?: KioskVideoOutcome) => {
    const t = turn.current;
    turn.current = null;
    if (!t || (t.started === null && !outcome)) return;
    const end = new Date().toISOString();
    void recordKioskVideo({
      video_id: t.id,
      start_date: t.started ?? end,
      end_date: end,
      ...(outcome ? { outcome } : {}),
    }).catch(() => undefined);
  };

  const advance = (outcome: KioskVideoOutcome) => {
    // A failure in a row: an error, or a stall before the video ever played.
    const failed = outcome === 'error' || (outcome === 'stalled' && !currentTurn()?.started);
    clearStall();
    track(outcome);
    setFailedInRow((n) => (failed ? n + 1 : 0));
    setIndex((i) => i + 1);
  };

  const stalled = () => {
    clearStall();
    stallTimer.current = setTimeout(() => advance('stalled'), STALL_MS);
  };

  useEffect(() => clearStall, []);
  // Leaving the splash (on unmount only) counts as the end of what was watching (no outcome: the shopper left it).
  useEffect(() => () => track(), []);

  return (
    <div className={styles.splash} data-testid="kiosk-splash">
      {video && (
        <video
          key={`${index}-${video.id}`}
          className={styles.video}
          src={video.url}
          title={video.title}
          autoPlay
          muted
          playsInline
          onLoadStart={currentTurn}
          onPlaying={() => {
            clearStall();
            const t = currentTurn();
            if (t) t.started ??= new Date().toISOString();
            setFailedInRow(0);
          }}
          onEnded={() => advance('ended')}
          onError={() => advance('error')}
          onStalled={stalled}
          onWaiting={stalled}
          data-video-id={video.id}
        />
      )}
      <button type="button" className={styles.start} onClick={onStart}>
        {KIOSK_TEXTS.start}
      </button>
    </div>
  );
}
