/**
 * The Kiosk config (storefront.md §3: kiosk_videos (id, url, title), kiosk_prompt_timer,
 * kiosk_idle_timer, kiosk_homepage; §9 timers in minutes), edited by the admin and checked with
 * the contract's schema before sending; the server checks again and its field messages show under
 * the same inputs (docs/decisions/storefront.md "Kiosk settings and video report").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { kioskSettingsQueryKey, saveKioskSettings } from '../../api/kiosk-admin';
import {
  KIOSK_ADMIN_MESSAGES,
  KIOSK_VIDEOS_MAX,
  kioskSettingsSchema,
  type KioskSettingsReply,
} from '../../contracts/kiosk-admin';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SectionForm } from '../../ui/section-form';
import { TextField } from '../../ui/field';
import adminPage from '../../ui/admin-page.module.css';
import styles from './kiosk-admin.module.css';

type Errors = Record<string, string>;
interface VideoRow {
  id: string;
  url: string;
  title: string;
}

const VIDEO_FIELDS: readonly { key: keyof VideoRow; label: string; placeholder?: string }[] = [
  { key: 'id', label: 'id' },
  { key: 'url', label: 'file (path)', placeholder: '/kiosk/clip.webm' },
  { key: 'title', label: 'title' },
];

const firstByPath = (issues: { path: PropertyKey[]; message: string }[]): Errors => {
  const out: Errors = {};
  for (const i of issues) out[i.path.map(String).join('.')] ??= i.message;
  return out;
};

export function KioskSettingsForm({ initial }: { initial: KioskSettingsReply }) {
  const client = useQueryClient();
  const [videos, setVideos] = useState<VideoRow[]>(initial.kiosk_videos);
  const [prompt, setPrompt] = useState(String(initial.kiosk_prompt_timer));
  const [idle, setIdle] = useState(String(initial.kiosk_idle_timer));
  const [homepage, setHomepage] = useState(initial.kiosk_homepage);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);

  const save = useMutation({
    mutationFn: saveKioskSettings,
    onSuccess: (reply) => {
      client.setQueryData(kioskSettingsQueryKey, reply);
      setDone(true);
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fields).length)
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, v[0] ?? err.message])));
      else setErrors({ _: err.message });
    },
  });

  const submit = () => {
    setDone(false);
    const checked = kioskSettingsSchema.safeParse({
      kiosk_videos: videos,
      kiosk_prompt_timer: prompt.trim() === '' ? NaN : Number(prompt),
      kiosk_idle_timer: idle.trim() === '' ? NaN : Number(idle),
      kiosk_homepage: homepage,
    });
    if (!checked.success) {
      setErrors(firstByPath(checked.error.issues));
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  };

  const setVideo = (i: number, patch: Partial<VideoRow>) =>
    setVideos((vs) => vs.map((v, j) => (j === i ? { ...v, ...patch } : v)));

  return (
    <SectionForm
      titleId="kiosk-settings-title"
      title="Kiosk settings"
      error={errors._}
      onSubmit={submit}
      className={adminPage.section}
      titleClassName={adminPage.sectionTitle}
      alertClassName={styles.alert}
    >
      <div className={styles.row}>
        {[
          { key: 'kiosk_idle_timer', label: 'Idle time before reset (minutes)', value: idle, set: setIdle },
          {
            key: 'kiosk_prompt_timer',
            label: 'Prompt before reset (minutes)',
            value: prompt,
            set: setPrompt,
            hint: 'How long “Are you still there?” counts down.',
          },
        ].map((t) => (
          <TextField
            key={t.key}
            label={t.label}
            inputMode="decimal"
            value={t.value}
            onChange={(e) => t.set(e.target.value)}
            error={errors[t.key]}
            hint={t.hint}
          />
        ))}
        <TextField
          label="Kiosk home page"
          value={homepage}
          onChange={(e) => setHomepage(e.target.value)}
          error={errors.kiosk_homepage}
        />
      </div>
      <h3 className={adminPage.sectionTitle}>Splash videos</h3>
      {videos.length === 0 ? <p>No videos: the kiosk shows its still image.</p> : null}
      <AlertMessage message={errors.kiosk_videos} className={styles.alert} />
      {videos.map((v, i) => (
        <fieldset key={i} className={styles.video} aria-label={`Video ${i + 1}`}>
          {VIDEO_FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={`Video ${i + 1} ${f.label}`}
              value={v[f.key]}
              placeholder={f.placeholder}
              onChange={(e) => setVideo(i, { [f.key]: e.target.value })}
              error={errors[`kiosk_videos.${i}.${f.key}`]}
            />
          ))}
          <Button variant="ghost" onClick={() => setVideos((vs) => vs.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={videos.length >= KIOSK_VIDEOS_MAX}
          onClick={() => setVideos((vs) => [...vs, { id: `video-${vs.length + 1}`, url: '', title: '' }])}
        >
          Add video
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save kiosk settings'}
        </Button>
        <p role="status" className={styles.status}>
          {done ? KIOSK_ADMIN_MESSAGES.saved : ''}
        </p>
      </div>
    </SectionForm>
  );
}
