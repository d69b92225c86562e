/** E-mail texts in the recipient's language. Kept on the server: mails leave without the app. */
export type Locale = 'fr' | 'en';

export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(template: string, subject: string, lines: string[], action: { label: string; url: string }): RenderedMail {
  const text = [...lines, '', `${action.label} : ${action.url}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#134e4a">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}<p><a href="${escapeHtml(action.url)}" style="background:#0d9488;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(
    action.label,
  )}</a></p></body></html>`;
  return { template, subject, text, html };
}

export function verificationMail(locale: Locale, firstname: string, url: string): RenderedMail {
  return locale === 'en'
    ? layout('VERIFY_EMAIL', 'Activate your account', [`Hello ${firstname},`, 'Confirm your e-mail address to activate your account.'], {
        label: 'Activate my account',
        url,
      })
    : layout('VERIFY_EMAIL', 'Activez votre compte', [`Bonjour ${firstname},`, 'Confirmez votre adresse e-mail pour activer votre compte.'], {
        label: 'Activer mon compte',
        url,
      });
}

export function passwordResetMail(locale: Locale, firstname: string, url: string): RenderedMail {
  return locale === 'en'
    ? layout(
        'RESET_PASSWORD',
        'Reset your password',
        [`Hello ${firstname},`, 'Someone asked to reset your password. The link is valid for one hour.', 'If it was not you, ignore this e-mail.'],
        { label: 'Choose a new password', url },
      )
    : layout(
        'RESET_PASSWORD',
        'Réinitialisez votre mot de passe',
        [
          `Bonjour ${firstname},`,
          'Une demande de réinitialisation de votre mot de passe a été faite. Le lien est valable une heure.',
          "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
        ],
        { label: 'Choisir un nouveau mot de passe', url },
      );
}

/** The learner area's activation link, sent at sign-up and on request; it names the school, since a person may have several. */
export function learnerActivationMail(locale: Locale, firstname: string | null, school: string, url: string): RenderedMail {
  return locale === 'en'
    ? layout('LEARNER_ACTIVATION', `Activate your account at ${school}`, [`Hello${firstname ? ` ${firstname}` : ''},`, `Confirm your e-mail address to activate your learner account at ${school}.`], {
        label: 'Activate my account',
        url,
      })
    : layout(
        'LEARNER_ACTIVATION',
        `Activez votre compte sur ${school}`,
        [`Bonjour${firstname ? ` ${firstname}` : ''},`, `Confirmez votre adresse e-mail pour activer votre compte apprenant sur ${school}.`],
        { label: 'Activer mon compte', url },
      );
}

/**
 * To a learner the team enrolled (`send_email`): the training is open to them. One who has not activated yet (or
 * has no password, having been added by the team) follows an activation link to choose one; the others sign in.
 */
export function learnerEnrolledMail(locale: Locale, firstname: string | null, school: string, training: string, url: string, needsActivation: boolean): RenderedMail {
  return locale === 'en'
    ? layout(
        'LEARNER_ENROLLED',
        `You now have access to "${training}"`,
        [
          `Hello${firstname ? ` ${firstname}` : ''},`,
          `${school} has given you access to the training "${training}".`,
          needsActivation ? 'Activate your learner account and choose your password to begin (the link is valid for 7 days).' : 'Sign in to your learner area to begin.',
        ],
        { label: needsActivation ? 'Activate my account' : 'Sign in', url },
      )
    : layout(
        'LEARNER_ENROLLED',
        `Vous avez accès à « ${training} »`,
        [
          `Bonjour${firstname ? ` ${firstname}` : ''},`,
          `${school} vous a ouvert l'accès à la formation « ${training} ».`,
          needsActivation ? 'Activez votre compte apprenant et choisissez votre mot de passe pour commencer (le lien est valable 7 jours).' : 'Connectez-vous à votre espace apprenant pour commencer.',
        ],
        { label: needsActivation ? 'Activer mon compte' : 'Me connecter', url },
      );
}

export function learnerPasswordResetMail(locale: Locale, firstname: string | null, school: string, url: string): RenderedMail {
  return locale === 'en'
    ? layout(
        'LEARNER_RESET_PASSWORD',
        `Reset your password at ${school}`,
        [`Hello${firstname ? ` ${firstname}` : ''},`, `Someone asked to reset your password at ${school}. The link is valid for one hour.`, 'If it was not you, ignore this e-mail.'],
        { label: 'Choose a new password', url },
      )
    : layout(
        'LEARNER_RESET_PASSWORD',
        `Réinitialisez votre mot de passe sur ${school}`,
        [
          `Bonjour${firstname ? ` ${firstname}` : ''},`,
          `Une demande de réinitialisation de votre mot de passe sur ${school} a été faite. Le lien est valable une heure.`,
          "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
        ],
        { label: 'Choisir un nouveau mot de passe', url },
      );
}

/** To a learner the team made an affiliate (the invitation of a PRIVATE program): where their REF- link is. */
export function affiliateInvitedMail(locale: Locale, firstname: string | null, school: string, url: string): RenderedMail {
  return locale === 'en'
    ? layout(
        'AFFILIATE_INVITED',
        `You are now an affiliate of ${school}`,
        [`Hello${firstname ? ` ${firstname}` : ''},`, `${school} made you an affiliate: share your link and earn a commission on every sale it brings.`],
        { label: 'See my affiliate link', url },
      )
    : layout(
        'AFFILIATE_INVITED',
        `Vous êtes affilié à ${school}`,
        [`Bonjour${firstname ? ` ${firstname}` : ''},`, `${school} vous a ajouté à son programme d'affiliation : partagez votre lien et touchez une commission sur chaque vente qu'il apporte.`],
        { label: 'Voir mon lien d’affiliation', url },
      );
}

/** To someone a store's team invited: the link to /inscription/invitation (valid 7 days, single use). */
export function teamInvitationMail(locale: Locale, inviter: string | null, school: string, role: string, url: string): RenderedMail {
  return locale === 'en'
    ? layout(
        'TEAM_INVITATION',
        `Join the team of ${school}`,
        ['Hello,', `${inviter ?? school} invites you to join the team of ${school} as ${role}. The link is valid 7 days.`],
        { label: 'Join the team', url },
      )
    : layout(
        'TEAM_INVITATION',
        `Rejoignez l’équipe de ${school}`,
        ['Bonjour,', `${inviter ?? school} vous invite à rejoindre l’équipe de ${school} en tant que ${role}. Le lien est valable 7 jours.`],
        { label: 'Rejoindre l’équipe', url },
      );
}
