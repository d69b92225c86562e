import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/*
 * The storefront's own router (issue 11's JavaScript bar): the school's first pages (home, catalogue, a training's
 * or a bundle's page) need the address, a way to follow a link without a reload and the back button, not React
 * Router's data router (~24 KB brotli on every first load). The pages that use React Router's hooks (checkout,
 * player, community…) get a React Router `<Router>` driven by this same history, in their own chunk
 * (src/pages/school/routerBridge.tsx). Scroll: like React Router's BrowserRouter, nothing is restored by hand (the
 * browser restores it on back / forward; a followed link keeps the page's position as BrowserRouter did).
 */

export interface SchoolLocation {
  pathname: string;
  search: string;
  hash: string;
  /** The state pushed with the entry (React Router's `location.state`). */
  state: unknown;
  /** One per history entry (React Router's `location.key`). */
  key: string;
}

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const listeners = new Set<() => void>();
let current: SchoolLocation | null = null;

function read(): SchoolLocation {
  const entry = (window.history.state ?? {}) as EntryState;
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

function changed() {
  current = read();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', changed);
  };
}

/** The address being shown (the same object until it changes, as useSyncExternalStore needs). */
export function schoolLocation(): SchoolLocation {
  return (current ??= read());
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * Goes to `to` (an address of this site: a path, with its query and hash) without reloading the page. The entry's
 * state keeps React Router's shape (`usr`, `key`, `idx`), so React Router's pages read it as theirs.
 */
export function navigateTo(to: string, options: NavigateOptions = {}) {
  const url = new URL(to, location.href);
  for (const blocker of blockers) if (blocker(url, () => navigateTo(to, options))) return;
  go(url, options);
}

function go(url: URL, options: NavigateOptions) {
  const previous = (window.history.state ?? {}) as EntryState;
  const idx = (previous.idx ?? 0) + (options.replace ? 0 : 1);
  const state: EntryState = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10), idx };
  const address = url.pathname + url.search + url.hash;
  if (options.replace) window.history.replaceState(state, '', address);
  else window.history.pushState(state, '', address);
  changed();
}

export function goBy(delta: number) {
  window.history.go(delta);
}

/** The address, re-rendering on every navigation (ours, React Router's through the bridge, back / forward). */
export function useSchoolLocation(): SchoolLocation {
  return useSyncExternalStore(subscribe, schoolLocation, schoolLocation);
}

/** Subscribes to navigations (React Router's bridge listens here too). */
export const listenToSchoolHistory = subscribe;

/**
 * Whether a click on a link to `href` is ours to follow without a reload: a plain left click on an address of this
 * site that the browser would open in this tab (no modifier, no target, no download).
 */
export function isClientNavigation(event: { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean; defaultPrevented: boolean }, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return false;
  return anchor.origin === location.origin;
}

/** A page that holds navigations back (returns true) until the learner confirms; `retry` goes on. */
type Blocker = (next: URL, retry: () => void) => boolean;
const blockers = new Set<Blocker>();

/**
 * React Router's `useBlocker` for the storefront (its bridge is not a data router): a link or navigate of the school
 * to another path waits while `shouldBlock` says so; `proceed` goes on, `reset` stays. The back button and closing
 * the tab are not held here (the page's beforeunload warning covers the tab).
 */
export function useSchoolBlocker(shouldBlock: boolean): { state: 'blocked' | 'unblocked'; proceed?: () => void; reset?: () => void } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const block = useRef(shouldBlock);
  block.current = shouldBlock;
  useEffect(() => {
    const blocker: Blocker = (next, retry) => {
      if (!block.current || next.pathname === location.pathname) return false;
      setPending(() => retry);
      return true;
    };
    blockers.add(blocker);
    return () => void blockers.delete(blocker);
  }, []);
  if (!pending) return { state: 'unblocked' };
  return {
    state: 'blocked',
    proceed: () => {
      setPending(null);
      block.current = false;
      pending();
    },
    reset: () => setPending(null),
  };
}
