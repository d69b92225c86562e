import type { ComponentType } from 'react';

export type Layout = 'default' | 'blank';
/** guest: signed-out only; auth: signed-in; any: both (see README for /activation). */
export type Guard = 'guest' | 'auth' | 'any';

export interface AppRoute {
  path: string;
  name: string;
  layout: Layout;
  guard: Guard;
  load: () => Promise<ComponentType>;
}

/**
 * Every route of the app as data. The shell issue extends this table (roles, responsive, noScroll)
 * to every route of spec section 2; guards and layouts are derived from it in router.tsx.
 */
export const routes: AppRoute[] = [
  { path: '/connexion', name: 'login', layout: 'blank', guard: 'guest', load: () => import('../pages/auth/LoginPage').then((m) => m.LoginPage) },
  { path: '/inscription', name: 'register', layout: 'blank', guard: 'guest', load: () => import('../pages/auth/RegisterPage').then((m) => m.RegisterPage) },
  {
    path: '/changement-mot-de-passe',
    name: 'resetpassword',
    layout: 'blank',
    guard: 'guest',
    load: () => import('../pages/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  },
  // Open to signed-in users too: the activation link is usually followed right after sign-up, signed in.
  { path: '/activation', name: 'activation', layout: 'blank', guard: 'any', load: () => import('../pages/auth/ActivationPage').then((m) => m.ActivationPage) },
  { path: '/', name: 'home', layout: 'default', guard: 'auth', load: () => import('../pages/home/HomePage').then((m) => m.HomePage) },
  { path: '/mon-compte', name: 'account', layout: 'default', guard: 'auth', load: () => import('../pages/account/AccountPage').then((m) => m.AccountPage) },
  {
    path: '/mon-compte/securite',
    name: 'account_security',
    layout: 'default',
    guard: 'auth',
    load: () => import('../pages/account/SecurityPage').then((m) => m.SecurityPage),
  },
];
