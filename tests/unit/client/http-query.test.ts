import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../../src/api/http';

describe('toQueryString', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ page: 2, search: undefined, status: '', x: null })).toBe('?page=2');
    expect(toQueryString({ sort: 'o.date_added', search: 'a&b c' })).toBe('?sort=o.date_added&search=a%26b+c');
  });
});
