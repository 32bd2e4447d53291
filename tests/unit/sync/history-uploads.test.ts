/**
 * Pictures of queued history entries go up before their entries, keyed by the entry's uuid
 * (sync/uploads.ts; docs/decisions/pos.md "Customer history and uploads"): a lost answer is sent
 * again (the server stores it once), an answered upload is not sent again, a refusal is final, and
 * the staged picture is dropped once its entry left the outbox.
 */
import { describe, expect, it } from 'vitest';
import { stageHistoryImage } from '../../../src/db/history-images';
import { mutate } from '../../../sync/outbox';
import { domainRegistry } from '../../../sync/registry';
import { dropAnsweredImages, uploadStagedImages } from '../../../sync/uploads';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { at, freshDb, scripted, staff, uuid } from './support';

const input = (name: string, args: unknown) => ({
  name,
  args,
  actor: staff,
  now: at(0),
  settings: defaultStoreSettings,
});

async function queued() {
  const db = freshDb();
  const customer = uuid();
  const id = uuid();
  await mutate(db, domainRegistry, input('customer.create', { id: customer, firstname: 'Dana', lastname: 'Lopez' }));
  await stageHistoryImage(db, { id, customer_ref: customer, blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])]) });
  const image = { name: 'pads.jpg', type: 'image/jpeg', size: 3 };
  const r = await mutate(
    db,
    domainRegistry,
    input('customerHistory.add', { id, customer_ref: customer, comment: 'x', image }),
  );
  expect(r).toMatchObject({ ok: true });
  // The entry shows on the device at once.
  expect(await db.customerHistory.get(id)).toMatchObject({ id, customer_ref: customer, image });
  return { db, id, customer, batch: await db.outbox.toArray() };
}

describe('history picture uploads at sync', () => {
  it('a lost answer is retried, an answered upload is not sent again', async () => {
    const { db, id, customer, batch } = await queued();
    const t = scripted([() => Promise.reject(new Error('offline')), () => ({ status: 200, body: { success: true } })]);
    expect(await uploadStagedImages(db, t, batch)).toMatchObject({ kind: 'retry' });
    expect((await db.historyImages.get(id))?.uploaded).toBeUndefined();
    expect(await uploadStagedImages(db, t, batch)).toEqual({ kind: 'done' });
    expect(await uploadStagedImages(db, t, batch)).toEqual({ kind: 'done' });
    expect(t.calls.map((c) => c.path)).toEqual([
      `/api/customer_history/image?customer_id=${customer}&id=${id}`,
      `/api/customer_history/image?customer_id=${customer}&id=${id}`,
    ]);
    expect(t.calls[0]?.body).toBeInstanceOf(FormData);
    expect((await db.historyImages.get(id))?.uploaded).toBe('stored');
    // Still queued: kept (the tab shows it); answered: dropped.
    await dropAnsweredImages(db);
    expect(await db.historyImages.get(id)).toBeDefined();
    await db.outbox.clear();
    await dropAnsweredImages(db);
    expect(await db.historyImages.get(id)).toBeUndefined();
  });

  it('a refusal is final (the entry goes up and its refusal shows); a 5xx or a sign-in stops the round', async () => {
    const { db, id, batch } = await queued();
    const t = scripted([
      () => ({ status: 503, body: null }),
      () => ({ status: 401, body: null }),
      () => ({ status: 400, body: { error: 'invalid_image', message: 'Image must be a .jpg or .png file' } }),
    ]);
    expect(await uploadStagedImages(db, t, batch)).toMatchObject({ kind: 'retry' });
    expect(await uploadStagedImages(db, t, batch)).toEqual({ kind: 'needsLogin' });
    expect(await uploadStagedImages(db, t, batch)).toEqual({ kind: 'done' });
    expect((await db.historyImages.get(id))?.uploaded).toEqual({ refused: 'Image must be a .jpg or .png file' });
    expect(await uploadStagedImages(db, t, batch)).toEqual({ kind: 'done' });
    expect(t.calls).toHaveLength(3);
  });
});
