import { describe, expect, it } from 'vitest';
import { CHOOSE_CHANNEL, TEXT_CONSENT_MESSAGE } from '../../../src/domain/forms/notification';
import { INVALID_EMAIL } from '../../../src/domain/forms/messages';
import { runMutation } from '../../../src/domain/mutations/registry';
import { ctx, order, uuid } from './factories';

/** receipt.send: a receipt emailed/texted, queued offline; the order itself never changes. */
describe('receipt.send', () => {
  const o = order({ status: 'complete' });
  const args = (over: Record<string, unknown> = {}) => ({
    order_ref: o.id,
    id: uuid(99),
    notify_by_email: true,
    email: 'nadia@example.net',
    ...over,
  });

  it('is accepted with a valid channel and changes no record', () => {
    expect(runMutation('receipt.send', { order: o }, args(), ctx())).toEqual({ ok: true, changes: {} });
  });

  it('refuses an unknown order, no channel, a bad email and a text without consent', () => {
    expect(runMutation('receipt.send', {}, args(), ctx())).toMatchObject({ ok: false, code: 'not_found' });
    expect(runMutation('receipt.send', { order: o }, args({ notify_by_email: false }), ctx())).toMatchObject({
      message: CHOOSE_CHANNEL,
    });
    expect(runMutation('receipt.send', { order: o }, args({ email: 'nope' }), ctx())).toMatchObject({
      message: INVALID_EMAIL,
    });
    expect(
      runMutation(
        'receipt.send',
        { order: o },
        args({ notify_by_email: false, notify_by_text: true, phone: '(512) 555-0100' }),
        ctx(),
      ),
    ).toMatchObject({ message: TEXT_CONSENT_MESSAGE });
  });
});
