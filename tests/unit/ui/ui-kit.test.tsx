// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/components/ui/Button';
import { ConfirmDialog, Modal } from '../../../src/components/ui/Dialog';
import { Form, FormError } from '../../../src/components/ui/Form';
import { PasswordField } from '../../../src/components/ui/PasswordField';
import { TextField } from '../../../src/components/ui/TextField';
import { ToastRegion } from '../../../src/components/ui/Toast';
import { showToast, toastQueue } from '../../../src/components/ui/toastQueue';

afterEach(() => {
  act(() => toastQueue.clear());
  cleanup();
  vi.useRealTimers();
});

describe('Button', () => {
  it('fires onPress', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Enregistrer</Button>);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('shows a pending state that blocks presses', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isPending pendingLabel="Enregistrement…">
        Enregistrer
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Enregistrer/ });
    expect(button).toHaveProperty('dataset.pending', 'true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(within(button).getByRole('progressbar', { name: 'Enregistrement…' })).toBeTruthy();
    // The label stays in the DOM so the button keeps its width.
    expect(within(button).getByText('Enregistrer')).toBeTruthy();
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('a pending icon button is named by its label and its spinner (the id comes from the Button)', () => {
    render(<Button aria-label="Supprimer" isPending pendingLabel="Suppression…" />);
    const button = screen.getByRole('button');
    const spinner = within(button).getByRole('progressbar', { name: 'Suppression…' });
    expect(spinner.id).not.toBe('');
    expect(button.getAttribute('aria-labelledby')?.split(' ')).toContain(spinner.id);
  });
});

describe('TextField', () => {
  it('joins an error list and marks the input invalid', () => {
    render(
      <TextField
        label="E-mail"
        name="email"
        type="email"
        errorMessage={['Adresse invalide', 'Domaine refusé']}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Adresse invalide, Domaine refusé')).toBeTruthy();
    // The message is wired to the input, so screen readers read it with the field.
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('Adresse invalide, Domaine refusé');
  });

  it('is valid without an error message', () => {
    render(<TextField label="Nom" name="name" description="Tel qu'affiché aux apprenants" />);
    const input = screen.getByRole('textbox', { name: 'Nom' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText("Tel qu'affiché aux apprenants")).toBeTruthy();
  });

  it('shows server errors passed through Form validationErrors', () => {
    render(
      <Form validationErrors={{ email: ['Déjà utilisée', 'Trop longue'] }}>
        <TextField label="E-mail" name="email" />
        <FormError>Le formulaire contient des erreurs</FormError>
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Déjà utilisée, Trop longue')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Le formulaire contient des erreurs');
  });
});

describe('PasswordField', () => {
  it('toggles the input type with translatable labels', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Mot de passe" name="password" showLabel="Afficher" hideLabel="Masquer" />);
    const input = screen.getByLabelText('Mot de passe');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');

    const toggle = screen.getByRole('button', { name: 'Afficher' });
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    await user.click(toggle);
    expect(input.getAttribute('type')).toBe('text');

    await user.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});

describe('Modal', () => {
  function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
    const [open, setOpen] = useState(true);
    return (
      <Modal
        isOpen={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        title="Renommer la formation"
        closeLabel="Fermer"
      >
        <p>Contenu</p>
      </Modal>
    );
  }

  it('opens with its title and closes via onOpenChange', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Renommer la formation' });
    expect(within(dialog).getByText('Contenu')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('ConfirmDialog', () => {
  it('calls onConfirm and requests closing', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        isOpen
        onOpenChange={onOpenChange}
        title="Supprimer la formation ?"
        confirmLabel="Supprimer"
        cancelLabel="Annuler"
        variant="danger"
        onConfirm={onConfirm}
      >
        Cette action est irréversible.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer la formation ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('cancel closes without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        isOpen
        onOpenChange={onOpenChange}
        title="Publier ?"
        confirmLabel="Publier"
        cancelLabel="Annuler"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('Toast', () => {
  it('renders a toast in the region and removes it with the close button', async () => {
    const user = userEvent.setup();
    render(<ToastRegion closeLabel="Fermer la notification" aria-label="Notifications" />);
    expect(screen.queryByRole('region')).toBeNull();

    act(() => {
      showToast({ title: 'Formation publiée', description: 'Visible par les apprenants', variant: 'success' });
    });

    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(region).getByText('Formation publiée')).toBeTruthy();
    expect(within(region).getByText('Visible par les apprenants')).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Fermer la notification' }));
    await waitFor(() => expect(screen.queryByText('Formation publiée')).toBeNull());
  });

  it('auto-dismisses after the default 4000 ms', () => {
    vi.useFakeTimers();
    render(<ToastRegion closeLabel="Fermer" />);
    act(() => {
      showToast({ title: 'Enregistré', variant: 'info' });
    });
    expect(screen.getByText('Enregistré')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(3900);
    });
    expect(screen.getByText('Enregistré')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Enregistré')).toBeNull();
  });
});
