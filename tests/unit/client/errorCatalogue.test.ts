import { describe, expect, it } from 'vitest';
import { catalogueMessages, reactionTo, SNACKBAR_MS, TOAST_MS } from '../../../src/app/errorCatalogue';
import type { Failure } from '../../../shared/failure';

const failure = (status: number | null, message = '', extra: Partial<Failure> = {}): Failure => ({
  status,
  code: null,
  message,
  fieldErrors: {},
  ...extra,
});

describe('the error catalogue (spec section 8), case by case', () => {
  it('307: VPN message as a snackbar, the server message preferred', () => {
    expect(reactionTo(failure(307))).toEqual({ kind: 'toast', text: catalogueMessages.vpn, timeout: SNACKBAR_MS });
    expect(reactionTo(failure(307, 'Réseau bloqué'))).toEqual({ kind: 'toast', text: 'Réseau bloqué', timeout: SNACKBAR_MS });
  });

  it('401: session expired, server message preferred', () => {
    expect(reactionTo(failure(401))).toEqual({ kind: 'sessionExpired', text: catalogueMessages.sessionExpired });
    expect(reactionTo(failure(401, 'Session terminée'))).toEqual({ kind: 'sessionExpired', text: 'Session terminée' });
  });

  it('409: "Cette entrée existe déjà"', () => {
    expect(reactionTo(failure(409, 'anything'))).toEqual({ kind: 'toast', text: catalogueMessages.conflict, timeout: TOAST_MS });
  });

  it('422: field lists joined by commas', () => {
    const reaction = reactionTo(failure(422, 'Invalide', { fieldErrors: { email: ['Obligatoire.', 'Trop court.'], name: ['Trop long.'] } }));
    expect(reaction).toEqual({ kind: 'fields', fields: { email: 'Obligatoire., Trop court.', name: 'Trop long.' }, text: 'Invalide' });
  });

  it('500: the generic "reload or contact support" text, whatever the server said', () => {
    expect(reactionTo(failure(500, 'stack trace'))).toEqual({ kind: 'toast', text: catalogueMessages.server, timeout: TOAST_MS });
  });

  it('503: server message or default', () => {
    expect(reactionTo(failure(503))).toEqual({ kind: 'toast', text: catalogueMessages.unavailable, timeout: TOAST_MS });
    expect(reactionTo(failure(503, 'Maintenance'))).toEqual({ kind: 'toast', text: 'Maintenance', timeout: TOAST_MS });
  });

  it('no status: the network-lost dialog', () => {
    expect(reactionTo(failure(null, 'Failed to fetch'))).toEqual({ kind: 'networkLost' });
  });

  it('other statuses: server message or the default 500 text', () => {
    expect(reactionTo(failure(403, "Vous n'avez pas accès à cette ressource."))).toEqual({
      kind: 'toast',
      text: "Vous n'avez pas accès à cette ressource.",
      timeout: TOAST_MS,
    });
    expect(reactionTo(failure(418, '  '))).toEqual({ kind: 'toast', text: catalogueMessages.server, timeout: TOAST_MS });
  });

  it('NO_STRIPE_TOKEN_DEFINED: a confirm leading to the payment settings, whatever the status', () => {
    expect(reactionTo(failure(422, 'x', { code: 'NO_STRIPE_TOKEN_DEFINED' }))).toEqual({ kind: 'stripeConfirm', to: '/parametres/paiements' });
  });
});
