/**
 * The back office's pages the guest entry draws (guest.html, src/guestMain.tsx; issue 9's JavaScript bar for
 * /connexion): the sign-in and sign-up forms, matched as the app's router matches them (any case, a trailing slash).
 * Every other address gets index.html; the guest entry hands over to it when a session opens.
 */
export const isGuestEntryPage = (path: string) => /^\/(connexion|inscription)\/?$/i.test(path);
