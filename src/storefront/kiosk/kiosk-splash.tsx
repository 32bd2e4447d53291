/**
 * The kiosk's splash screen (storefront.md §2 Kiosk, §4: "Videos advance on end, stall or error.
 * Watching a video sends a tracking record"): the shop's kiosk_videos one after another, muted, over
 * the still image, with "Press here to get started". Each video played (ended, or left for the next
 * after it started) is recorded with POST /tool/kiosk/video; a kiosk offline drops the record.
 * When every video fails in a row the still image stays (no loop of errors).
 */
import { useEffect, useRef, useState } from 'react';
import { KIOSK_TEXTS, type KioskVideo } from '../../domain/kiosk-config';
import { recordKioskVideo } from '../../api/kiosk';
import styles from './kiosk.module.css';

/** A video that neither plays on nor ends for this long is stalled: the next one plays. */
const STALL_MS = 8000;

export function KioskSplash({ videos, onStart }: { videos: readonly KioskVideo[]; onStart: () => void }) {
  const [index, setIndex] = useState(0);
  const [failedInRow, setFailedInRow] = useState(0);
  const started = useRef<string | null>(null);
  const stallTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const video = failedInRow < videos.length ? videos[index % Math.max(1, videos.length)] : undefined;

  const clearStall = () => {
    if (stallTimer.current) clearTimeout(stallTimer.current);
    stallTimer.current = null;
  };

  const track = () => {
    const start = started.current;
    started.current = null;
    if (!start || !video) return;
    void recordKioskVideo({ video_id: video.id, start_date: start, end_date: new Date().toISOString() }).catch(
      () => undefined,
    );
  };

  const advance = (failed: boolean) => {
    clearStall();
    track();
    setFailedInRow((n) => (failed ? n + 1 : 0));
    setIndex((i) => i + 1);
  };

  const stalled = () => {
    clearStall();
    stallTimer.current = setTimeout(() => advance(started.current === null), STALL_MS);
  };

  useEffect(() => clearStall, []);
  // Leaving the splash counts as the end of what was watching.
  useEffect(() => () => track(), []); // eslint-disable-line react-hooks/exhaustive-deps -- on unmount only

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
          onPlaying={() => {
            clearStall();
            started.current ??= new Date().toISOString();
            setFailedInRow(0);
          }}
          onEnded={() => advance(false)}
          onError={() => advance(true)}
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
