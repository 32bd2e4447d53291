/**
 * The collector's §4 rules beyond batching (src/features/fitment/fitment-store.ts): a validation that
 * answers after the vehicle changed never overwrites the new results; each validation names the
 * next 'maybe' part to prompt for; answering the prompt with page refresh on reloads the page once
 * no 'maybe' part remains (and not before).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFacet } from '../../../src/domain/fitment-facets';

type Result = 'yes' | 'no' | 'maybe';
const CONFIG = {
  ymm_enabled: true,
  engine_family_enabled: true,
  vehicle_lookup_enabled: true,
  ymm_heading: 'Shop By Vehicle',
  ymm_tab_label: 'Year/Make/Model',
  engine_family_tab_label: 'Engine',
  ymm_page_refresh: true,
  require_fitment_confirmation: true,
  ymm_popular_sort: false,
  enable_choices: true,
  design: { form: null, text: null, button: null, hover: null, glow: null },
};
const VEHICLE = {
  facets: {
    Year: makeFacet('Year', 2019, '2019'),
    MakeID: makeFacet('MakeID', 54, 'Ford'),
    ModelID: makeFacet('ModelID', 7, 'F-150'),
  },
  hasEngine: false,
  hasYmm: true,
  showUniversal: true,
  label: '2019 Ford F-150',
};
const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

describe('fitment prompt and stale answers', () => {
  let resultOf: (part: string) => Result;
  let hold: Promise<void> | null;
  const reload = vi.fn();

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    resultOf = () => 'yes';
    hold = null;
    reload.mockReset();
    vi.stubGlobal('location', { reload, pathname: '/product/catalog' });
    vi.stubGlobal('window', {}); // the store loads its config only in a browser
    vi.stubGlobal('fetch', async (url: string) => {
      const u = new URL(url, 'http://x');
      const call = u.pathname.split('/').pop();
      if (call === 'config') return json(CONFIG);
      if (call === 'getVehicle' || call === 'saveVehicle') return json({ ...VEHICLE, action: 'saved', redirect: '' });
      const judge = resultOf; // as the server would judge at the time of the request
      if (hold) await hold;
      const parts = (u.searchParams.get('Parts') ?? '').split(',').map((p) => {
        const [BrandCode = '', Part = ''] = p.split('~');
        const result = judge(Part);
        const choices =
          result === 'maybe'
            ? [
                { id: '2', label: 'XLT' },
                { id: '1', label: 'Lariat' },
              ]
            : [];
        return {
          BrandCode,
          Part,
          result,
          choices,
          label: result === 'maybe' ? 'Sub Model' : '',
          name: result === 'maybe' ? 'SubModelID' : '',
          notes: [],
        };
      });
      return json({
        parts,
        vehicle: { label: VEHICLE.label, hasYmm: true, hasEngine: false, showUniversal: true },
        facets: VEHICLE.facets,
      });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('drops a validation that answers after the vehicle changed', async () => {
    const { fitmentStore } = await import('../../../src/features/fitment/fitment-store');
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    resultOf = () => 'yes';
    fitmentStore.register('BRD', 'A');
    await vi.advanceTimersByTimeAsync(50); // the first validation is in flight, judged 'yes'
    hold = null;
    resultOf = () => 'no';
    fitmentStore.vehicleChanged(VEHICLE); // judged 'no' for the new vehicle, answers at once
    await vi.advanceTimersByTimeAsync(10);
    expect(fitmentStore.getSnapshot().results.get('BRD~A')?.result).toBe('no');
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(fitmentStore.getSnapshot().results.get('BRD~A')?.result).toBe('no');
    expect(fitmentStore.getSnapshot().busy).toBe(false);
  });

  it("names the first 'maybe' part; answering reloads only once none is left (page refresh on)", async () => {
    const { fitmentStore } = await import('../../../src/features/fitment/fitment-store');
    const off = fitmentStore.subscribe(() => undefined); // loads the config (page refresh on)
    resultOf = (p) => (p.startsWith('M') ? 'maybe' : 'yes');
    for (const p of ['A', 'M1', 'M2']) fitmentStore.register('BRD', p);
    await vi.advanceTimersByTimeAsync(50);
    expect(fitmentStore.getSnapshot().nextMaybe?.Part).toBe('M1');

    resultOf = (p) => (p === 'M2' ? 'maybe' : 'yes'); // the answer settles M1, M2 still asks
    await fitmentStore.answerPrompt(makeFacet('SubModelID', 2, 'XLT'));
    await vi.advanceTimersByTimeAsync(10);
    expect(fitmentStore.getSnapshot().nextMaybe?.Part).toBe('M2');
    expect(reload).not.toHaveBeenCalled();

    resultOf = () => 'yes';
    await fitmentStore.answerPrompt(makeFacet('SubModelID', 1, 'Lariat'));
    await vi.advanceTimersByTimeAsync(10);
    expect(fitmentStore.getSnapshot().nextMaybe).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    off();
  });
});
