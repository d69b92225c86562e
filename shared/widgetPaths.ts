/**
 * Where the embeddable widgets live (issue 16), on the app's own origin: plain pages made to be framed by the
 * trainer's site. The server mounts them (server/http/widgets.ts); the back office's `/widgets` page writes the
 * snippets with the same addresses.
 */
export const WIDGET_BASE = '/widget';

export const widgetPaths = {
  /** The school's catalogue: its listed trainings, each linking to its page. */
  catalogue: (subdomain: string) => `${WIDGET_BASE}/${encodeURIComponent(subdomain)}/formations`,
  /** One training with its buy button (to the school's checkout). */
  training: (subdomain: string, slug: string) => `${WIDGET_BASE}/${encodeURIComponent(subdomain)}/formations/${encodeURIComponent(slug)}`,
} as const;
