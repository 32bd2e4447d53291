import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLES, pushToast, type ToastItem } from '../../../src/ui/toast/toast-list';

const item = (id: number): ToastItem => ({
  id,
  kind: 'success',
  title: 'Success!',
  text: `t${id}`,
  duration: 3000,
  actions: [],
});

describe('toast list', () => {
  it('keeps at most the newest 3', () => {
    let list: ToastItem[] = [];
    for (let i = 1; i <= 5; i++) list = pushToast(list, item(i), 3);
    expect(list.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it('uses the spec headings', () => {
    expect(DEFAULT_TITLES).toEqual({ success: 'Success!', error: 'Uh oh!' });
  });
});
