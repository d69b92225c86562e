import type { BrowserThirdParty } from '../../shared/thirdParty';

/**
 * The third-party services the server configured (its `<meta name="third-party">`, server/thirdParty/shell.ts), read
 * once. Without the tag (nothing configured, or `npm run dev`'s Vite shell) every service is off and nothing of it
 * is loaded.
 */
function read(): BrowserThirdParty {
  const content = typeof document === 'undefined' ? null : document.querySelector('meta[name="third-party"]')?.getAttribute('content');
  if (!content) return {};
  try {
    return JSON.parse(content) as BrowserThirdParty;
  } catch {
    return {};
  }
}

export const thirdParty: BrowserThirdParty = read();

/** Adds a script of another origin once (its `src` is the key); resolves when it has run. */
export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`could not load ${new URL(src).origin}`)));
    if (!existing) {
      script.src = src;
      script.async = true;
      for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
      document.head.append(script);
    }
  });
}
