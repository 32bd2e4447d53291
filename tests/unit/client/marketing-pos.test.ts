/**
 * Marketing events belong to the storefront (storefront.md "marketing events"; docs/decisions/
 * storefront.md "Marketing events"): a search or a result click made by staff in POS mode sends
 * nothing, neither the `partsdesk:marketing` DOM event nor GA4's `search` on the dataLayer; the
 * same search on the storefront (and on a kiosk) sends both.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  listClick,
  MARKETING_EVENT,
  marketingDispatcher,
  type MarketingEvent,
} from '../../../src/features/marketing/marketing';

type FakeWindow = EventTarget & { dataLayer?: unknown[] };

describe('marketing events by mode', () => {
  let dispatched: MarketingEvent[];
  let win: FakeWindow;

  beforeEach(() => {
    dispatched = [];
    win = new EventTarget();
    win.addEventListener(MARKETING_EVENT, (e) => dispatched.push((e as CustomEvent<MarketingEvent>).detail));
    (globalThis as { window?: FakeWindow }).window = win;
  });
  afterEach(() => {
    delete (globalThis as { window?: FakeWindow }).window;
  });

  const search: MarketingEvent = { event: 'search', search_term: 'brake pads', queryID: 'q1', total: 12 };

  it('a POS search and its result click send nothing', async () => {
    const send = marketingDispatcher('pos');
    send(search);
    send(listClick('q1', 42, 0, 1, '/brake-pads'));
    // What the storefront's send would have loaded has had every chance to run.
    await import('../../../src/features/marketing/events');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(dispatched).toEqual([]);
    expect(win.dataLayer).toBeUndefined();
  });

  it.each(['storefront', 'kiosk'] as const)('a %s search sends the DOM event and GA4 search', async (mode) => {
    marketingDispatcher(mode)(search);
    expect(dispatched).toEqual([search]);
    await vi.waitFor(() => expect(win.dataLayer).toContainEqual({ event: 'search', search_term: 'brake pads' }));
  });
});
