import { expect, type APIRequestContext, type Page } from './fixtures';
import { logIn } from './session';

const QUESTIONNAIRE = JSON.stringify([
  { name: 'HOW_FOUND_US', type: 'radio', value: 'SEO', other: null },
  { name: 'WHO_ARE_YOU', type: 'radio', value: 'COACH', other: null },
  { name: 'WHAT_CERTIFICATIONS', type: 'radio', value: 'NO', other: null },
  { name: 'WHAT_MAIN_ACTIVITY', type: 'select', value: 'SPORT', other: null },
  { name: 'WHAT_TOOL', type: 'radio', value: 'NOTHING', other: null },
  { name: 'WHAT_IMPORTANT', type: 'checkbox', value: ['SIMPLE'], other: null },
]);

/** A new trainer (their own PERCENT store, questionnaire answered so the home page shows the checklist), signed in. */
export async function freshOwner(page: Page, request: APIRequestContext) {
  const email = `settings-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post('/api/v1/register', { data: { email, password: 'demo-password', firstname: 'Sandrine' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token, user } = (await registered.json()) as { token: string; user: { store: { uuid: string; subdomain: string } } };
  const answered = await request.put(`/api/v1/stores/${user.store.uuid}`, { headers: { Authorization: `Bearer ${token}` }, data: { onboarding_questions: QUESTIONNAIRE } });
  expect(answered.status()).toBe(200);
  await logIn(page, email);
  return { token, storeUuid: user.store.uuid, subdomain: user.store.subdomain };
}
