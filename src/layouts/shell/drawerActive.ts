/**
 * Which drawer entry a page belongs to. An entry is active on its own path and on the pages under it
 * (/formations/:uuid/prix → "Mes formations", /packs/:uuid → "Packs"), unless another entry's path is
 * a longer match: /formations/certificats and /formations/parametres have their own entries. Home (/)
 * is active on / alone. Pure: paths and pathname in, the winning path out.
 */

const segments = (path: string) => path.split('/').filter(Boolean);

/** Is `path` the pathname itself or one of its ancestors (whole segments: /affilies is not under /affiliation)? */
function contains(path: string, pathname: string): boolean {
  const outer = segments(path);
  const inner = segments(pathname);
  if (outer.length === 0) return inner.length === 0;
  return outer.length <= inner.length && outer.every((segment, index) => segment === inner[index]);
}

/**
 * The path among `paths` (every entry of the menu, visible or not, so a hidden entry still keeps its pages
 * from its parent) that the pathname belongs to: the longest that contains it; null when none does.
 */
export function activeMenuPath(pathname: string, paths: readonly string[]): string | null {
  let best: string | null = null;
  for (const path of paths) {
    if (contains(path, pathname) && (best === null || segments(path).length > segments(best).length)) best = path;
  }
  return best;
}

/**
 * The aria-current of the entry at `path`: "page" on its own page, "true" on a page under it (the page
 * itself, a training's tab for instance, is named elsewhere), none when another entry or none is active.
 */
export function drawerCurrent(pathname: string, path: string, paths: readonly string[]): 'page' | 'true' | undefined {
  if (activeMenuPath(pathname, paths) !== path) return undefined;
  return segments(pathname).length === segments(path).length ? 'page' : 'true';
}
