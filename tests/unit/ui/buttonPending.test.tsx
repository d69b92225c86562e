// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Button } from '../../../src/components/ui/Button';

afterEach(cleanup);

const danglingAnnouncements = () =>
  [...document.querySelectorAll('[role="img"][aria-labelledby]')].filter((node) =>
    (node.getAttribute('aria-labelledby') ?? '').split(' ').some((id) => !document.getElementById(id)),
  );

it('a pending button that leaves the page leaves no announcement labelled by nothing (axe role-img-alt)', () => {
  const view = render(<Button pendingLabel="Connexion…">Se connecter</Button>);
  const button = screen.getByRole('button', { name: 'Se connecter' });
  act(() => button.focus());
  // React Aria announces the start and the end of a pending state of a focused button, labelled by the button.
  view.rerender(<Button isPending pendingLabel="Connexion…">Se connecter</Button>);
  view.rerender(<Button pendingLabel="Connexion…">Se connecter</Button>);
  expect(document.querySelectorAll('[role="img"][aria-labelledby]').length).toBeGreaterThan(0);
  view.unmount();
  expect(danglingAnnouncements()).toEqual([]);
});
