// The storefront of a school with 200 trainings (issue 11): a new store whose 200 trainings are published and
// priced (one in two with a 3-instalment schedule too, two authors' worth of data is not needed), then the public
// catalogue GET /school/stores/{subdomain}/trainings read as the storefront reads it (24 a page, every page, and
// 100 a page), one request at a time, without a token. The bar: a p95 under 30 ms. Called by run.ts.
import { expectStatus, percentile, round1, sender, timeAll, type Send } from './trainingsList';

export const STOREFRONT_TRAININGS = 200;
const PARALLEL = 8;
const ROUNDS = 10;

async function fillStorefront(send: Send) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < STOREFRONT_TRAININGS; i = next++) {
      const created = await expectStatus(send('POST', '/trainings', { name: `Formation vitrine ${i + 1}`, summary: 'Catalogue du banc d’essai' }), 201, 'createTraining');
      const uuid = String(created.uuid);
      await expectStatus(send('POST', `/trainings/${uuid}/payment_schedules`, { type: 'ONE_TIME', price: 49 + (i % 100) }), 201, 'createTrainingPaymentSchedule');
      if (i % 2 === 0) await expectStatus(send('POST', `/trainings/${uuid}/payment_schedules`, { type: 'INSTALLMENTS', price: 20, installments_count: 3 }), 201, 'createTrainingPaymentSchedule');
      await expectStatus(send('PUT', `/trainings/${uuid}`, { status: i % 10 === 9 ? 'PRE_SALE' : 'PUBLISHED' }), 200, 'updateTraining');
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

export async function benchStorefrontCatalogue(base: string) {
  const signUp = await fetch(`${base}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-storefront-${Date.now()}@example.test`, password: 'bench-password-1', firstname: 'Vitrine' }),
  });
  if (signUp.status !== 201) throw new Error(`register answered ${signUp.status}`);
  const account = (await signUp.json()) as { token: string; user: { store: { subdomain: string } } };
  await fillStorefront(sender(base, account.token));
  // The storefront's calls carry no back-office token.
  const guest = sender(base, '');
  const school = `/school/stores/${account.user.store.subdomain}`;
  const first = await expectStatus(guest('GET', `${school}/trainings?per_page=100`), 200, 'listCatalogueTrainings');
  const total = (first.meta as { total: number }).total;
  if (total !== STOREFRONT_TRAININGS) throw new Error(`the storefront lists ${total} trainings, not ${STOREFRONT_TRAININGS}`);

  const pages = (perPage: number) => Array.from({ length: Math.ceil(STOREFRONT_TRAININGS / perPage) }, (_, i) => `${school}/trainings?page=${i + 1}&per_page=${perPage}`);
  await timeAll(guest, pages(24)); // warm-up
  const by24 = await timeAll(guest, Array.from({ length: ROUNDS }, () => pages(24)).flat());
  const by100 = await timeAll(guest, Array.from({ length: ROUNDS }, () => pages(100)).flat());
  const details = await timeAll(guest, Array.from({ length: 50 }, (_, i) => `${school}/trainings/formation-vitrine-${i + 1}`));
  return {
    storefront_trainings: STOREFRONT_TRAININGS,
    storefront_catalogue_requests: by24.length,
    storefront_catalogue_p50_ms: round1(percentile(by24, 50)),
    storefront_catalogue_p95_ms: round1(percentile(by24, 95)),
    storefront_catalogue_100_p95_ms: round1(percentile(by100, 95)),
    storefront_training_page_p95_ms: round1(percentile(details, 95)),
  };
}
