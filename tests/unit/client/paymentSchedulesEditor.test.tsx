// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentSchedulesEditor, type ScheduleOwner } from '../../../src/components/catalogue/PaymentSchedulesEditor';

const editor = (kind: ScheduleOwner) =>
  render(
    <IntlProvider locale="fr" defaultLocale="fr" onError={() => {}}>
      <PaymentSchedulesEditor kind={kind} schedules={[]} onAdd={async () => {}} onDelete={async () => {}} />
    </IntlProvider>,
  );

afterEach(cleanup);

describe('PaymentSchedulesEditor names what it sells', () => {
  it('a pack: 0 € makes the pack free; the buyer pays the instalments', async () => {
    editor('bundle');
    const form = screen.getByRole('form');
    expect(form.textContent).toContain('0 € rend le pack gratuit.');
    expect(form.textContent).not.toContain('formation');
    await userEvent.click(screen.getByText('En plusieurs fois'));
    await userEvent.type(screen.getByRole('textbox', { name: /Montant/ }), '33');
    expect(screen.getByTestId('schedule-total').textContent).toMatch(/^Total payé par l’acheteur : 99,00/);
  });

  it('a training: 0 € makes the training free; the learner pays the instalments', async () => {
    editor('training');
    expect(screen.getByRole('form').textContent).toContain('0 € rend la formation gratuite.');
    await userEvent.click(screen.getByText('En plusieurs fois'));
    await userEvent.type(screen.getByRole('textbox', { name: /Montant/ }), '33');
    expect(screen.getByTestId('schedule-total').textContent).toMatch(/^Total payé par l’apprenant : 99,00/);
  });
});
