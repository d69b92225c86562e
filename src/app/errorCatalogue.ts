import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { Failure } from '../../shared/failure';

/** Spec section 9: toasts last 4000 ms, snackbars 7500 ms. */
export const TOAST_MS = 4000;
export const SNACKBAR_MS = 7500;
/** Spec section 9: a chunk of the app (a page, a layout, a dialog's code) that has not loaded in 120 s fails. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const catalogueMessages = defineMessages({
  vpn: {
    id: 'errors.vpn',
    defaultMessage: 'Notre site web ne fonctionne pas sur votre réseau. Désactivez votre VPN ou changez de réseau.',
  },
  sessionExpired: { id: 'errors.sessionExpired', defaultMessage: 'Votre session a expiré' },
  conflict: { id: 'errors.conflict', defaultMessage: 'Cette entrée existe déjà' },
  server: { id: 'errors.server', defaultMessage: 'Une erreur est survenue. Rechargez la page ou contactez le support.' },
  unavailable: { id: 'errors.unavailable', defaultMessage: 'Le service est momentanément indisponible. Réessayez dans quelques instants.' },
  chunkTimeout: {
    id: 'errors.chunkTimeout',
    defaultMessage: 'Cette partie de la plateforme met trop de temps à se charger. Vérifiez votre connexion, puis rechargez la page.',
  },
  stripeTitle: { id: 'errors.stripeTitle', defaultMessage: 'Paiement par carte non configuré' },
  stripeBody: {
    id: 'errors.stripeBody',
    defaultMessage: 'Pour encaisser des paiements par carte, configurez votre moyen de paiement dans les paramètres.',
  },
});

/** What the user gets for a failed call (spec section 8). */
export type Reaction =
  /** A toast: the server's message when it sent one, else the catalogue's text. */
  | { kind: 'toast'; text: string | MessageDescriptor; timeout: number }
  /** 401: the auth machine ends the session (its own notice), then the login page. */
  | { kind: 'sessionExpired'; text: string | MessageDescriptor }
  /** 422: messages go on the fields, each list joined with commas; the form shows them. */
  | { kind: 'fields'; fields: Record<string, string>; text: string }
  /** No answer at all: the network-lost dialog. */
  | { kind: 'networkLost' }
  /** NO_STRIPE_TOKEN_DEFINED: a confirm leading to the payment settings. */
  | { kind: 'stripeConfirm'; to: '/parametres/paiements' };

const serverOr = (failure: Failure, fallback: MessageDescriptor) => (failure.message.trim() ? failure.message : fallback);

/** The one place that turns an API failure into what the user sees. Pure: the caller applies it. */
export function reactionTo(failure: Failure): Reaction {
  if (failure.code === 'NO_STRIPE_TOKEN_DEFINED') return { kind: 'stripeConfirm', to: '/parametres/paiements' };
  switch (failure.status) {
    case null:
      return { kind: 'networkLost' };
    case 307:
      return { kind: 'toast', text: serverOr(failure, catalogueMessages.vpn), timeout: SNACKBAR_MS };
    case 401:
      return { kind: 'sessionExpired', text: serverOr(failure, catalogueMessages.sessionExpired) };
    case 409:
      return { kind: 'toast', text: catalogueMessages.conflict, timeout: TOAST_MS };
    case 422:
      return {
        kind: 'fields',
        fields: Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, list]) => [field, list.join(', ')])),
        text: failure.message,
      };
    case 500:
      return { kind: 'toast', text: catalogueMessages.server, timeout: TOAST_MS };
    case 503:
      return { kind: 'toast', text: serverOr(failure, catalogueMessages.unavailable), timeout: TOAST_MS };
    default:
      return { kind: 'toast', text: serverOr(failure, catalogueMessages.server), timeout: TOAST_MS };
  }
}
