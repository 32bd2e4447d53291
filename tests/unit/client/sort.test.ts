import { describe, expect, it } from 'vitest';
import { nextSort } from '../../../src/ui/table/sort';

describe('nextSort (clicking the same column toggles asc/desc)', () => {
  it('starts a column ascending', () => {
    expect(nextSort(undefined, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'date', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('toggles the same column', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});
