import { describe, expect, it } from 'vitest';
import { ariaShortcut, shortcutLabel } from '../../../src/editor/ui/shortcutLabel';

describe('shortcut labels', () => {
  it('writes Ctrl and the translated Shift off a Mac', () => {
    expect(shortcutLabel('Mod-b', false, 'Maj')).toBe('Ctrl+B');
    expect(shortcutLabel('Shift-Mod-8', false, 'Maj')).toBe('Ctrl+Maj+8');
    expect(shortcutLabel('Mod-Alt-2', false, 'Shift')).toBe('Ctrl+Alt+2');
  });

  it('writes the Mac symbols in their usual order', () => {
    expect(shortcutLabel('Mod-b', true, 'Maj')).toBe('⌘B');
    expect(shortcutLabel('Shift-Mod-z', true, 'Maj')).toBe('⇧⌘Z');
    expect(shortcutLabel('Mod-Alt-3', true, 'Maj')).toBe('⌥⌘3');
  });

  it('announces WAI-ARIA key names', () => {
    expect(ariaShortcut('Shift-Mod-7', false)).toBe('Shift+Control+7');
    expect(ariaShortcut('Mod-k', true)).toBe('Meta+K');
  });
});
