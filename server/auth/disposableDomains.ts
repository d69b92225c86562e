/** Temporary-mail domains refused at sign-up (spec: "temporary e-mail not allowed"). */
const blocked = new Set([
  'yopmail.com', 'yopmail.fr', 'yopmail.net', 'mailinator.com', 'guerrillamail.com', 'guerrillamail.net',
  'sharklasers.com', '10minutemail.com', '10minutemail.net', 'tempmail.com', 'temp-mail.org', 'trashmail.com',
  'trashmail.fr', 'jetable.org', 'getnada.com', 'maildrop.cc', 'dispostable.com', 'throwawaymail.com',
  'fakeinbox.com', 'mailnesia.com', 'mohmal.com', 'emailondeck.com', 'minuteinbox.com', 'tempail.com',
]);

export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return [...blocked].some((d) => domain === d || domain.endsWith(`.${d}`));
}
