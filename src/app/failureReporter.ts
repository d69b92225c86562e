import type { MessageDescriptor } from 'react-intl';
import type { Failure } from '../../shared/failure';
import { reactionTo } from './errorCatalogue';

/** What the shell can show; registered once by the composition root (outside React's tree of forms). */
export interface FailureOutlets {
  toast(text: string | MessageDescriptor, timeout: number): void;
  networkLost(): void;
  stripeConfirm(): void;
}

let outlets: FailureOutlets | null = null;

export function registerFailureOutlets(next: FailureOutlets | null) {
  outlets = next;
}

/** Failures a form cannot explain on its own fields go to the shell (toast or dialog). */
export const isGlobalFailure = (failure: Failure) =>
  failure.code === 'NO_STRIPE_TOKEN_DEFINED' || failure.status === null || failure.status === 307 || failure.status >= 500;

/** Applies the error catalogue's reaction; 401 and 422 are left to the auth machine and the form. */
export function reportFailure(failure: Failure) {
  const reaction = reactionTo(failure);
  switch (reaction.kind) {
    case 'toast':
      outlets?.toast(reaction.text, reaction.timeout);
      break;
    case 'networkLost':
      outlets?.networkLost();
      break;
    case 'stripeConfirm':
      outlets?.stripeConfirm();
      break;
    case 'sessionExpired':
    case 'fields':
      break;
  }
}
