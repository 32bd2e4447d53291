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

describe('toast heading for its text', () => {
  it('has none when the text opens with it (never "Success! Success: ...")', async () => {
    const { toastTitle } = await import('../../../src/ui/toast/toast-list');
    expect(toastTitle('Success!', 'Success: You have added Oil Filter to your shopping cart!')).toBe('');
    expect(toastTitle('Success!', 'success! saved')).toBe('');
    expect(toastTitle('Uh oh!', 'Uh oh: it failed')).toBe('');
  });

  it('keeps it otherwise', async () => {
    const { toastTitle } = await import('../../../src/ui/toast/toast-list');
    expect(toastTitle('Success!', 'Successful order placed')).toBe('Success!');
    expect(toastTitle('Success!', 'Gift certificate X has been applied.')).toBe('Success!');
    expect(toastTitle('Order Saved!', 'Success: done')).toBe('Order Saved!');
    expect(toastTitle('Success!', 'Success:')).toBe('Success!');
  });
});
