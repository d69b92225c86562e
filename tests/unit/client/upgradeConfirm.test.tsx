// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { UpgradeConfirm } from '../../../src/components/UpgradeConfirm';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

describe('UpgradeConfirm', () => {
  it('says the feature needs a higher plan; confirming opens the plans (onglet vous)', async () => {
    const onOpenChange = vi.fn();
    render(
      <IntlProvider locale="fr" defaultLocale="fr" onError={() => {}}>
        <MemoryRouter initialEntries={['/formations']}>
          <Routes>
            <Route path="*" element={<><UpgradeConfirm isOpen onOpenChange={onOpenChange} /><Where /></>} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.getByRole('alertdialog').textContent).toContain('Cette fonctionnalité nécessite une offre supérieure');
    await userEvent.click(screen.getByRole('button', { name: 'Voir les offres' }));
    expect(screen.getByTestId('where').textContent).toBe('/abonnement?onglet=vous');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
