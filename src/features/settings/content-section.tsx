/**
 * "Storefront content" on the POS settings page, for admins (docs/decisions/storefront.md "Content
 * blocks"): the pos_locked switch, and each block's place, whether it shows, and its settings as
 * JSON, saved through the server's per-kind check (its message shows under the block).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminContentQueryKey, getAdminContent, saveContentBlock, setPosLocked } from '../../api/content-admin';
import type { AdminContentBlock, AdminContentReply } from '../../contracts/content-admin';
import { Button } from '../../ui/button';
import { useSession } from '../session/use-session';
import styles from './settings.module.css';

function BlockEditor({ block, onSaved }: { block: AdminContentBlock; onSaved: (r: AdminContentReply) => void }) {
  const [json, setJson] = useState(() => JSON.stringify(block.data, null, 2));
  const [status, setStatus] = useState(block.status);
  const [position, setPosition] = useState(block.position);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      let data: unknown;
      try {
        data = JSON.parse(json) as unknown;
      } catch {
        throw new Error('The settings are not valid JSON.');
      }
      return saveContentBlock({ id: block.id, page: block.page, kind: block.kind, position, status, data });
    },
    onSuccess: (reply) => {
      setError(null);
      onSaved(reply);
    },
    onError: (err) => setError(err.message),
  });
  const id = `content-block-${block.id}`;
  return (
    <details className={styles.section} data-testid={id}>
      <summary>
        {block.kind.replace('_', ' ')} ({block.page}, {position}){status ? '' : ' — hidden'}
      </summary>
      <label>
        <input type="checkbox" checked={status} onChange={(e) => setStatus(e.target.checked)} /> Shown
      </label>{' '}
      <label>
        Position{' '}
        <input
          type="number"
          min={0}
          max={999}
          value={position}
          onChange={(e) => setPosition(Math.max(0, Math.min(999, Math.trunc(Number(e.target.value) || 0))))}
        />
      </label>
      <label htmlFor={`${id}-data`} style={{ display: 'block' }}>
        Settings (JSON)
      </label>
      <textarea
        id={`${id}-data`}
        rows={10}
        style={{ width: '100%', fontFamily: 'monospace' }}
        value={json}
        onChange={(e) => setJson(e.target.value)}
      />
      {error ? <p role="alert">{error}</p> : null}
      <Button onClick={() => save.mutate()} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save block'}
      </Button>
    </details>
  );
}

export function ContentSection() {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const client = useQueryClient();
  const q = useQuery({
    queryKey: adminContentQueryKey,
    queryFn: ({ signal }) => getAdminContent(signal),
    enabled: admin,
  });
  const lock = useMutation({
    mutationFn: setPosLocked,
    onSuccess: (reply) => client.setQueryData(adminContentQueryKey, reply),
  });
  if (!admin) return null;
  const data = q.data;
  return (
    <section className={styles.section} aria-labelledby="content-title" style={{ marginTop: 'var(--space-4)' }}>
      <h2 id="content-title" className={styles.sectionTitle}>
        Storefront content
      </h2>
      {!data ? (
        <p>{q.isError ? q.error.message : 'Loading…'}</p>
      ) : (
        <>
          <label>
            <input
              type="checkbox"
              checked={data.pos_locked}
              disabled={lock.isPending}
              onChange={(e) => lock.mutate(e.target.checked)}
            />{' '}
            Lock the online store (pos_locked): shoppers see a closed page
          </label>
          {data.blocks.map((b) => (
            <BlockEditor key={b.id} block={b} onSaved={(reply) => client.setQueryData(adminContentQueryKey, reply)} />
          ))}
        </>
      )}
    </section>
  );
}
