import { describe, expect, it } from 'vitest';
import { notificationLink } from '../../../src/app/notificationLink';

describe('notificationLink', () => {
  it.each([
    [{ group: 'g1', post: 'p1' }, '/communaute/espaces/g1/discussions/p1'],
    [{ group: 'g1' }, '/communaute/espaces/g1/discussions'],
    [{ training_uuid: 't1', training_item_id: 12, assignment_id: 7 }, '/formations/t1/assignment/12/submissions/7'],
    [{ training_uuid: 't1', training_item_id: 12 }, '/formations/t1/editor/12'],
    [{ training_uuid: 't1' }, '/formations/t1/commentaires'],
    [{ affiliate_uuid: 'a1', customer_uuid: 'c1' }, '/affilies/a1/profil'],
    [{ customer_uuid: 'c1', email: 'x@y.test' }, '/apprenants/c1'],
    [{ email: 'x@y.test' }, null],
    [{ group: '../../admin' }, '/communaute/espaces/..%2F..%2Fadmin/discussions'],
  ])('%j → %s', (data, link) => {
    expect(notificationLink(JSON.stringify(data))).toBe(link);
  });

  it('a sale leads to its line of the ledger; other types keep their keys', () => {
    const data = JSON.stringify({ uuid: 's-1', customer_uuid: 'c1', training_uuid: 't1' });
    expect(notificationLink(data, 'SALE_CREATED')).toBe('/ventes?q=s-1');
    expect(notificationLink(data, 'TRAINING_COMMENT_CREATED')).toBe('/formations/t1/commentaires');
    // A demo sale notification without the sale's uuid leads to its buyer.
    expect(notificationLink(JSON.stringify({ customer_uuid: 'c1', entity_uuid: 't1' }), 'SALE_CREATED')).toBe('/apprenants/c1');
  });

  it('a sponsor’s payout request leads the platform admin to the payouts to pay', () => {
    expect(notificationLink('{"entity_uuid":"0b4f3a52-5c1e-4c55-9d41-2f1f8a6f9c11"}', 'SPONSOR_PAYOUT_REQUESTED')).toBe('/admin/operations');
    expect(notificationLink('{"entity_uuid":"0b4f3a52-5c1e-4c55-9d41-2f1f8a6f9c11"}')).toBeNull();
  });

  it('answers null for data that is not JSON', () => {
    expect(notificationLink('not json')).toBeNull();
  });
});
