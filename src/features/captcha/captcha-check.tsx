import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { CAPTCHA_DONE, CAPTCHA_FAILED, CAPTCHA_LABEL, CAPTCHA_WORKING } from '../../domain/forms/captcha';
import { solveCaptcha } from './solve';
import styles from './captcha.module.css';

export interface CaptchaCheckProps {
  /** The solved payload ('' until solved; the form sets '' again to ask for a new one). */
  value: string;
  onChange: (payload: string) => void;
  /** The server's captcha error, shown under the box (storefront.md §8). */
  error?: string | undefined;
}

type State = 'idle' | 'working' | 'done' | 'failed';

/**
 * The captcha of the Contact Us modal and custom forms (storefront.md §2, §5, §8): a box the
 * shopper ticks; the browser then does the proof of work (a second or two) and the box shows
 * "Verified". 175 px wide like the spec's captcha image. A failure to fetch or solve shows
 * 'An error occurred while validating the captcha' and lets the shopper tick again.
 */
export function CaptchaCheck({ value, onChange, error }: CaptchaCheckProps) {
  const id = useId();
  const [state, setState] = useState<State>(value ? 'done' : 'idle');
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  // The form cleared the payload (spent, refused, or the form was reset): ask again.
  useEffect(() => {
    if (!value) setState((s) => (s === 'done' ? 'idle' : s));
  }, [value]);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (state === 'working' || state === 'done') return;
    const controller = new AbortController();
    running.current = controller;
    setState('working');
    setFailure(null);
    try {
      const payload = await solveCaptcha(controller);
      if (controller.signal.aborted) return;
      onChange(payload);
      setState('done');
    } catch (err) {
      if (controller.signal.aborted) return;
      setState('failed');
      setFailure(err instanceof ApiError && !err.isNetwork ? err.message : CAPTCHA_FAILED);
    }
  };

  const shown = error ?? failure;
  return (
    <div className={styles.captcha}>
      <label className={styles.box} htmlFor={id} data-state={state}>
        <input
          id={id}
          type="checkbox"
          checked={state === 'done'}
          aria-busy={state === 'working'}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={() => void start()}
        />
        <span>{CAPTCHA_LABEL}</span>
      </label>
      <span className={styles.status} role="status">
        {state === 'working' ? CAPTCHA_WORKING : state === 'done' ? CAPTCHA_DONE : ''}
      </span>
      {shown && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
