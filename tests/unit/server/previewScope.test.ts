import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { certificatePdf, winAnsiSafe } from '../../../server/commands/certificates/certificatePdf';
import { createPreviewToken, PREVIEW_TOKEN_TTL_MS } from '../../../server/commands/previewTokens';
import { stores, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { resolveSchoolScope } from '../../../server/policies/schoolScope';
import type { AuthContext } from '../../../server/auth/session';
import { testServices } from './testServices';

/** The learner area's preview token with a clock the test moves; the certificate's text for Helvetica. */
let env: Awaited<ReturnType<typeof testServices>>;
let auth: AuthContext;
const getLesson = { isPublic: false, roles: ['CUSTOMER'], operation: { security: [{ bearerAuth: [] }, { previewToken: [] }] } };

beforeAll(async () => {
  env = await testServices();
  const [store] = await env.services.db.insert(stores).values({ subdomain: 'apercu', plan: 'PRO' }).returning();
  const [user] = await env.services.db.insert(users).values({ storeId: store!.id, email: 'owner@apercu.test', passwordHash: 'unused', firstname: 'Olga', lastname: 'Owner', role: 'OWNER' }).returning();
  auth = { user: user!, store: store! } as AuthContext;
}, 60_000);
afterAll(() => env.close());

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

describe('a preview token in the learner area', () => {
  it('opens its store while it lasts, then answers "preview link broken"', async () => {
    const { token } = await createPreviewToken(env.services, auth, auth.store.id);
    const scope = await resolveSchoolScope(env.services, getLesson, 'apercu', undefined, token);
    expect(scope.learner).toBeNull();
    expect(scope.preview?.storeId).toBe(auth.store.id);
    env.advance(PREVIEW_TOKEN_TTL_MS + 1000);
    const expired = await failure(resolveSchoolScope(env.services, getLesson, 'apercu', undefined, token));
    expect(expired.status).toBe(401);
    expect(expired.code).toBe('PREVIEW_LINK_BROKEN');
  });

  it('is ignored by operations that do not accept it (a learner session is needed there)', async () => {
    const { token } = await createPreviewToken(env.services, auth, auth.store.id);
    const progress = { isPublic: false, roles: ['CUSTOMER'], operation: {} };
    expect((await failure(resolveSchoolScope(env.services, progress, 'apercu', undefined, token))).status).toBe(401);
  });
});

describe('the certificate PDF', () => {
  it('writes any name: what Helvetica (WinAnsi) lacks loses its accent or becomes "?"', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    expect(winAnsiSafe(font, 'Éloïse Œuvré – « ça »')).toBe('Éloïse Œuvré – « ça »');
    expect(winAnsiSafe(font, 'Dvořák')).toBe('Dvorák');
    expect(winAnsiSafe(font, 'Łukasz Dvořák 李 🎓\nfin')).toBe('Lukasz Dvorák ? ? fin');
    const bytes = await certificatePdf({
      kind: 'COMPLETION', attendance: null, id: 'x', learnerName: 'Łukasz 李 🎓', trainingName: 'Ṩpécial', nature: 'Action', hours: null, startDate: '01/01/2026', endDate: '02/01/2026',
      completedOn: '02/01/2026', organisation: 'Org', addressLines: [], siret: null, activityNumber: null, signatory: null, place: null, issuedOn: '03/01/2026',
    });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });
});
