import { describe, expect, it } from 'vitest';
import { api } from './client';
import { freshShop, order, promoCode, school, sellTraining } from './checkoutSupport';

/**
 * Seats and promo-code uses under concurrency (the house rule for money, seats and counts): many checkouts at
 * once, on PGlite and on PostgreSQL (`DATABASE_URL=… npx vitest run tests/api/checkoutConcurrency.test.ts`).
 */
const CLIENTS = 50;

const race = (subdomain: string, bodies: Record<string, unknown>[]) =>
  Promise.all(bodies.map((body) => api('POST', school(subdomain, '/checkout'), { body })));

describe('checkout under concurrency', () => {
  it(`lets exactly one of ${CLIENTS} simultaneous buyers hold the only seat; the others hear "training full"`, async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, { max_customers: 1 });
    const answers = await race(shop.subdomain, Array.from({ length: CLIENTS }, () => order(training)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(CLIENTS - 1);
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.code).toBe('TRAINING_FULL');
    }
  });

  it(`gives the only use of a promo code to exactly one of ${CLIENTS} simultaneous buyers`, async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop);
    await promoCode(shop, { code: 'PREMIER', type: 'PERCENTAGE', value: 50, max_uses: 1 });
    const answers = await race(shop.subdomain, Array.from({ length: CLIENTS }, () => order(training, { discount_code: 'PREMIER' })));
    const winners = answers.filter((a) => a.status === 201);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.body.total).toBe(50);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status, answer.text).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['discount_code']);
    }
  });
});
