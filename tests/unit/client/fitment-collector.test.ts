/**
 * The page's fitment collector (src/features/fitment/fitment-store.ts) and the labels it feeds:
 * parts are batched into few validateFitment calls, a known part is never validated twice, a
 * vehicle change revalidates every part, failures are logged only; choices sort years descending,
 * others by label; the card's label by result.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitmentButtonLook, sortChoices } from '../../../src/features/fitment/fitment-labels';
import { garageHas } from '../../../src/features/fitment/pos-cart-fitment';
import { makeFacet } from '../../../src/domain/fitment-facets';

const reply = (parts: string[]) => ({
  parts: parts.map((p) => {
    const [BrandCode = '', Part = ''] = p.split('~');
    return {
      BrandCode,
      Part,
      result: Part.startsWith('N') ? 'no' : 'yes',
      choices: [],
      label: '',
      name: '',
      notes: [],
    };
  }),
  vehicle: { label: '', hasYmm: false, hasEngine: false, showUniversal: true },
  facets: {},
});

describe('fitment collector', () => {
  let calls: string[][];
  let fail = false;
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    calls = [];
    fail = false;
    vi.stubGlobal('fetch', (url: string) => {
      const u = new URL(url, 'http://x');
      const parts = (u.searchParams.get('Parts') ?? '').split(',');
      calls.push(parts);
      if (fail) return Promise.reject(new TypeError('offline'));
      return Promise.resolve(new Response(JSON.stringify(reply(parts)), { status: 200 }));
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('batches 48 cards into one call and never validates a known part twice', async () => {
    const { fitmentStore } = await import('../../../src/features/fitment/fitment-store');
    for (let i = 0; i < 48; i++) fitmentStore.register('BRD', `P${i}`);
    for (let i = 0; i < 48; i++) fitmentStore.register('BRD', `P${i}`);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(48);
    expect(fitmentStore.getSnapshot().results.get('BRD~P7')?.result).toBe('yes');

    // A part arriving later joins the follow-up (1000 ms), alone.
    fitmentStore.register('BRD', 'N1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(['BRD~N1']);
    expect(fitmentStore.getSnapshot().results.get('BRD~N1')?.result).toBe('no');
    // Parts without a brand code or part number are never sent.
    fitmentStore.register('', 'X');
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
  });

  it('a vehicle change revalidates every known part; a failure is logged and keeps the results', async () => {
    const { fitmentStore } = await import('../../../src/features/fitment/fitment-store');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fitmentStore.register('BRD', 'A');
    fitmentStore.register('BRD', 'B');
    await vi.advanceTimersByTimeAsync(100);
    fitmentStore.vehicleChanged({ facets: {}, hasEngine: false, hasYmm: false, showUniversal: true, label: '' });
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.at(-1)?.sort()).toEqual(['BRD~A', 'BRD~B']);
    fail = true;
    fitmentStore.vehicleChanged({ facets: {}, hasEngine: false, hasYmm: false, showUniversal: true, label: '' });
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toHaveBeenCalled();
    expect(fitmentStore.getSnapshot().busy).toBe(false);
    expect(fitmentStore.getSnapshot().results.get('BRD~A')?.result).toBe('yes');
    log.mockRestore();
  });

  it('offline on a staff device: the sync worker answers from the cache, for the vehicle the page knows; a server refusal is not answered locally', async () => {
    const { fitmentStore } = await import('../../../src/features/fitment/fitment-store');
    const { answerFitmentOffline } = await import('../../../src/device/offline-answers');
    const asked: { refs: string[]; facets: object }[] = [];
    answerFitmentOffline((refs, facets) => {
      asked.push({ refs, facets });
      return Promise.resolve(
        refs.map((r) => ({
          BrandCode: 'BRD',
          Part: r.slice(4),
          result: 'maybe' as const,
          choices: [{ id: '2011', label: '2011' }],
          label: 'Year',
          name: 'Year',
          notes: [],
        })),
      );
    });
    const year = { Year: makeFacet('Year', 2011, '2011') };
    fitmentStore.vehicleChanged({ facets: year, hasEngine: false, hasYmm: true, showUniversal: true, label: '2011' });
    fail = true;
    fitmentStore.register('BRD', 'OFF1');
    await vi.advanceTimersByTimeAsync(100);
    expect(asked).toEqual([{ refs: ['BRD~OFF1'], facets: year }]);
    expect(fitmentStore.getSnapshot().results.get('BRD~OFF1')?.result).toBe('maybe');

    // A reply from the server (here a 500) is the server's answer: never replaced by the cache's.
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ error: 'x', message: 'x' }), { status: 500 })),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fitmentStore.register('BRD', 'OFF2');
    await vi.advanceTimersByTimeAsync(1100);
    expect(asked).toHaveLength(1);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
    answerFitmentOffline(null);
  });

  it('a page opened offline asks again once the sync connection (loaded lazily) can answer', async () => {
    const { fitmentStore } = await import('../../../src/features/fitment/fitment-store');
    const { answerFitmentOffline } = await import('../../../src/device/offline-answers');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fail = true;
    fitmentStore.register('BRD', 'LATE');
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toHaveBeenCalled();
    expect(fitmentStore.getSnapshot().results.has('BRD~LATE')).toBe(false);
    answerFitmentOffline((refs) =>
      Promise.resolve(
        refs.map(() => ({
          BrandCode: 'BRD',
          Part: 'LATE',
          result: 'no' as const,
          choices: [],
          label: '',
          name: '',
          notes: [],
        })),
      ),
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(fitmentStore.getSnapshot().results.get('BRD~LATE')?.result).toBe('no');
    log.mockRestore();
    answerFitmentOffline(null);
  });
});

describe('fitment labels', () => {
  it('labels the card by result', () => {
    expect(fitmentButtonLook('yes', true)).toEqual({ label: 'Fits Your Vehicle', tone: 'success' });
    expect(fitmentButtonLook('universal', false).label).toBe('Fits Your Vehicle');
    expect(fitmentButtonLook('no', true)).toEqual({ label: "Doesn't Fit Your Vehicle", tone: 'danger' });
    expect(fitmentButtonLook('unknown', true)).toEqual({ label: 'Unknown Fitment', tone: 'warning' });
    expect(fitmentButtonLook('maybe', true).label).toBe('Verify Fitment');
    expect(fitmentButtonLook('maybe', false).label).toBe('Select Vehicle');
  });

  it('sorts years descending and other choices by label', () => {
    const years = [
      { id: '2018', label: '2018' },
      { id: '2021', label: '2021' },
      { id: '2019', label: '2019' },
    ];
    expect(sortChoices('Year', years).map((c) => c.id)).toEqual(['2021', '2019', '2018']);
    const subs = [
      { id: '3', label: 'XLT' },
      { id: '1', label: 'Lariat' },
      { id: '2', label: 'King Ranch' },
    ];
    expect(sortChoices('SubModelID', subs).map((c) => c.label)).toEqual(['King Ranch', 'Lariat', 'XLT']);
  });

  it('matches a garage vehicle on every chosen facet', () => {
    const facets = {
      Year: makeFacet('Year', 2019, '2019'),
      MakeID: makeFacet('MakeID', 54, 'Ford'),
      ModelID: makeFacet('ModelID', 7, 'F-150'),
    };
    const v = (ymm_data: Record<string, ReturnType<typeof makeFacet>>) => ({
      id: 'v',
      vehicle_id: 1,
      customer_ref: 'c',
      title: '',
      vin: '',
      notes: '',
      ymm_data,
      created_at: '',
      updated_at: '',
      deleted_at: null,
    });
    expect(garageHas([v({ ...facets })], facets)).toBe(true);
    expect(garageHas([v({ ...facets, ModelID: makeFacet('ModelID', 8, 'F-250') })], facets)).toBe(false);
    expect(garageHas([], facets)).toBe(false);
  });
});

describe('Popular versus All (§9)', () => {
  it('lists popular rows under Popular and every row by name under All; ungrouped keeps the order', async () => {
    const { groupOptions } = await import('../../../src/features/fitment/form/fitment-select');
    const rows = [
      { id: '1', label: 'Ford', popular: true },
      { id: '2', label: 'Toyota', popular: true },
      { id: '3', label: 'Acura', popular: false },
      { id: '4', label: 'Lincoln', popular: false },
    ];
    const g = groupOptions(rows, true);
    expect(g.popular.map((o) => o.label)).toEqual(['Ford', 'Toyota']);
    expect(g.all.map((o) => o.label)).toEqual(['Acura', 'Ford', 'Lincoln', 'Toyota']);
    expect(groupOptions(rows, false)).toEqual({ popular: [], all: rows });
  });
});
