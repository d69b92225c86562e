// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule, useLazyModule } from '../../../src/blocks/render/lazyModule';
import { MarkdownView } from '../../../src/blocks/render/MarkdownView';
import { RichCode } from '../../../src/blocks/render/RichCode';

afterEach(cleanup);

function Shows({ module }: { module: ReturnType<typeof lazyModule<{ name: string }>> }) {
  const loaded = useLazyModule(module);
  return <p data-testid="shown">{loaded ? loaded.name : 'plain'}</p>;
}

describe('lazyModule: a block library loaded once for all the blocks (issue 12)', () => {
  it('many blocks, one load; once loaded, a new block renders with it at once', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'lib' }));
    const module = lazyModule(load);
    render(
      <>
        <Shows module={module} />
        <Shows module={module} />
      </>,
    );
    expect(screen.getAllByTestId('shown').map((p) => p.textContent)).toEqual(['plain', 'plain']);
    await act(() => module.load());
    expect(screen.getAllByTestId('shown').map((p) => p.textContent)).toEqual(['lib', 'lib']);
    cleanup();
    render(<Shows module={module} />);
    // Synchronously, on the first render: no plain-text pass.
    expect(screen.getByTestId('shown').textContent).toBe('lib');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load keeps the plain text, and the next block asks again', async () => {
    const load = vi.fn<() => Promise<{ name: string }>>().mockRejectedValueOnce(new Error('chunk lost')).mockResolvedValue({ name: 'lib' });
    const module = lazyModule(load);
    render(<Shows module={module} />);
    await act(async () => {
      await module.load().catch(() => undefined);
    });
    expect(screen.getByTestId('shown').textContent).toBe('plain');
    await act(() => module.load());
    expect(load).toHaveBeenCalledTimes(2);
    expect(module.current()).toEqual({ name: 'lib' });
  });
});

describe('Markdown and code blocks', () => {
  it('Markdown: source first, then cleaned HTML (raw HTML stays text); a second block renders at once', async () => {
    render(<MarkdownView markdown={'## Titre\n\n- **gras** <img src=x onerror=alert(1)>'} />);
    expect(document.querySelector('.block-markdown--source')?.textContent).toContain('## Titre');
    expect(await screen.findByRole('heading', { name: 'Titre' })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('strong')?.textContent).toBe('gras');
    cleanup();
    render(<MarkdownView markdown="*déjà là*" />);
    expect(document.querySelector('.block-markdown em')?.textContent).toBe('déjà là');
  });

  it('code: highlighted once highlight.js is there; an unknown language stays plain text', async () => {
    render(<RichCode code={'const a = "<b>";'} language="typescript" />);
    await vi.waitFor(() => expect(document.querySelector('code.hljs')).not.toBeNull());
    expect(document.querySelector('code')?.textContent).toBe('const a = "<b>";');
    expect(document.querySelector('code b')).toBeNull();
    cleanup();
    render(<RichCode code="x" language="klingon" />);
    expect(document.querySelector('code')?.className).toBe('');
  });
});
