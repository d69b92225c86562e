// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { openWindow } from '../../../src/app/openWindow';

describe('openWindow', () => {
  it('reports a blocked pop-up', () => {
    const blocked = vi.fn();
    expect(openWindow('/x', blocked, () => null)).toBeNull();
    expect(blocked).toHaveBeenCalledOnce();
  });

  it('cuts the opener of a tab that did open', () => {
    const blocked = vi.fn();
    const tab = { opener: window } as unknown as Window;
    expect(openWindow('/x', blocked, () => tab)).toBe(tab);
    expect(tab.opener).toBeNull();
    expect(blocked).not.toHaveBeenCalled();
  });
});
