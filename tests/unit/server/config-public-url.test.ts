import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlOf } from '../../../server/config';

describe('PUBLIC_URL (server/config.ts)', () => {
  it('is unset by default: npm start on localhost runs, payment links wait for it', () => {
    expect(loadConfig({}, '/tmp').publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }, '/tmp').publicUrl).toBeUndefined();
  });
  it('keeps an http(s) address without a trailing slash', () => {
    expect(publicUrlOf('https://shop.example/')).toBe('https://shop.example');
    expect(publicUrlOf(' https://shop.example/parts/ ')).toBe('https://shop.example/parts');
    expect(publicUrlOf('http://localhost:8080')).toBe('http://localhost:8080');
  });
  it('refuses anything else with one clear line', () => {
    for (const bad of [
      'shop.example',
      'ftp://shop.example',
      'https://shop.example/?a=1',
      'https://shop.example/#x',
      'https://u:p@shop.example',
    ]) {
      expect(() => publicUrlOf(bad)).toThrow(/Invalid PUBLIC_URL/);
    }
  });
});
