/**
 * How a ProseMirror key name ("Shift-Mod-8") is shown in a tooltip and announced through
 * aria-keyshortcuts, on a Mac (⇧⌘8, Shift+Meta+8) or elsewhere (Ctrl+Maj+8, Shift+Control+8).
 */

export const isMacPlatform = (): boolean => typeof navigator !== 'undefined' && /Mac|iP(hone|[oa]d)/.test(navigator.platform);

const parts = (key: string) => {
  const pieces = key.split('-');
  const main = pieces.pop() ?? '';
  return { modifiers: new Set(pieces), main: main.length === 1 ? main.toUpperCase() : main };
};

/** The visible label; `shift` is the translated name of the Shift key. */
export function shortcutLabel(key: string, mac: boolean, shift: string): string {
  const { modifiers, main } = parts(key);
  if (mac) {
    return `${modifiers.has('Ctrl') ? '⌃' : ''}${modifiers.has('Alt') ? '⌥' : ''}${modifiers.has('Shift') ? '⇧' : ''}${modifiers.has('Mod') ? '⌘' : ''}${main}`;
  }
  return [modifiers.has('Mod') || modifiers.has('Ctrl') ? 'Ctrl' : null, modifiers.has('Alt') ? 'Alt' : null, modifiers.has('Shift') ? shift : null, main]
    .filter(Boolean)
    .join('+');
}

/** The aria-keyshortcuts value (WAI-ARIA key names). */
export function ariaShortcut(key: string, mac: boolean): string {
  const { modifiers, main } = parts(key);
  return [
    modifiers.has('Shift') ? 'Shift' : null,
    modifiers.has('Alt') ? 'Alt' : null,
    modifiers.has('Mod') ? (mac ? 'Meta' : 'Control') : null,
    modifiers.has('Ctrl') ? 'Control' : null,
    main,
  ]
    .filter(Boolean)
    .join('+');
}
