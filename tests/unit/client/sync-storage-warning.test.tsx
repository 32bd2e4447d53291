import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StorageWarningView } from '../../../src/features/sync-status/storage-warning';

const GB = 1024 ** 3;
const render = (usage: number | undefined, quota: number | undefined) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <StorageWarningView usage={usage} quota={quota} />
    </MemoryRouter>,
  );

describe('status bar storage warning (src/features/sync-status/storage-warning.tsx)', () => {
  it('shows nothing under 80% of the quota or without figures', () => {
    expect(render(0.79 * GB, GB)).toBe('');
    expect(render(undefined, GB)).toBe('');
    expect(render(GB, undefined)).toBe('');
  });

  it('from 80% shows an alert with the share used, linking to the device storage settings', () => {
    const html = render(0.8 * GB, GB);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Device storage 80% full — free space so sales keep saving');
    expect(html).toContain('href="/pos/settings"');
    expect(render(0.934 * GB, GB)).toContain('Device storage 93% full');
  });
});
