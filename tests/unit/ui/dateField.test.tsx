// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom's Selection recurses without end when react-aria selects a segment's text.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField, dateFieldText, dateFieldValue, type DateGranularity } from '../../../src/components/ui/DateField';

afterEach(cleanup);

describe('DateField string ↔ value', () => {
  it('reads and writes the native inputs’ strings', () => {
    const day = dateFieldValue('2031-05-04', 'day');
    expect(day && [day.year, day.month, day.day]).toEqual([2031, 5, 4]);
    expect(dateFieldText(day, 'day')).toBe('2031-05-04');

    const time = dateFieldValue('2031-05-04T18:30', 'minute');
    expect(time && 'hour' in time ? [time.year, time.month, time.day, time.hour, time.minute] : null).toEqual([2031, 5, 4, 18, 30]);
    // A datetime-local string has no seconds: the round trip gives back the same text, not '…T18:30:00'.
    expect(dateFieldText(time, 'minute')).toBe('2031-05-04T18:30');
  });

  it('maps the empty string and non-dates to no value, and no value to the empty string', () => {
    expect(dateFieldValue('', 'day')).toBeNull();
    expect(dateFieldValue('  ', 'minute')).toBeNull();
    expect(dateFieldValue('demain', 'minute')).toBeNull();
    expect(dateFieldValue('2031-02-30', 'day')).toBeNull();
    expect(dateFieldText(null, 'day')).toBe('');
    expect(dateFieldText(null, 'minute')).toBe('');
  });
});

function Controlled({ initial, granularity, onChange, clearLabel }: { initial: string; granularity: DateGranularity; onChange?: (value: string) => void; clearLabel?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nProvider locale="fr-FR">
      <DateField
        name="ends"
        label="Fin des inscriptions"
        granularity={granularity}
        value={value}
        clearLabel={clearLabel}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </I18nProvider>
  );
}

const segments = () => screen.getAllByRole('spinbutton');
const shown = (element: HTMLElement) => element.textContent?.replace(/\u2066|\u2069|\u200e/g, '');

describe('DateField in French', () => {
  it('shows empty segments as jj/mm/aaaa hh:mm, in that order', () => {
    render(<Controlled initial="" granularity="minute" />);
    const group = screen.getByRole('group', { name: 'Fin des inscriptions' });
    expect(shown(group)).toMatch(/^jj\/mm\/aaaa\s+––:––$/);
    expect(segments().map((segment) => segment.getAttribute('data-type'))).toEqual(['day', 'month', 'year', 'hour', 'minute']);
    expect(segments()[0]!.getAttribute('aria-label')).toMatch(/^jour/);
  });

  it('shows a date as jj/mm/aaaa (day first) and names the field for forms and tests', () => {
    const { container } = render(<Controlled initial="2031-05-04" granularity="day" />);
    expect(shown(screen.getByRole('group', { name: 'Fin des inscriptions' }))).toBe('04/05/2031');
    expect(container.querySelector('[data-name=ends]')).not.toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[name=ends][hidden]')?.value).toBe('2031-05-04');
  });

  it('takes typed digits segment after segment and reports the datetime-local string', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="" granularity="minute" onChange={onChange} />);
    await user.click(segments()[0]!);
    await user.keyboard('040520311830');
    expect(screen.getByTestId('value').textContent).toBe('2031-05-04T18:30');
    expect(onChange).toHaveBeenLastCalledWith('2031-05-04T18:30');
    expect(shown(screen.getByRole('group', { name: 'Fin des inscriptions' }))).toMatch(/^04\/05\/2031\s+18:30$/);
  });

  it('retypes a whole date over another, even a day the shown month does not have', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="2026-11-15" granularity="day" />);
    await user.click(segments()[0]!);
    await user.keyboard('31012001');
    expect(screen.getByTestId('value').textContent).toBe('2001-01-31');
  });

  it('clears to the empty string with its button, which only shows while there is a date', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="2031-05-04T18:30" granularity="minute" clearLabel="Effacer la fin des inscriptions" />);
    await user.click(screen.getByRole('button', { name: 'Effacer la fin des inscriptions' }));
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(shown(screen.getByRole('group', { name: 'Fin des inscriptions' }))).toMatch(/^jj\/mm\/aaaa\s+––:––$/);
    expect(screen.queryByRole('button', { name: 'Effacer la fin des inscriptions' })).toBeNull();
    expect(document.activeElement).toBe(segments()[0]);
  });

  it('submits its form on Enter, as a native input does', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <I18nProvider locale="fr-FR">
        <form id="row" onSubmit={onSubmit} />
        <DateField aria-label="Fin" form="row" granularity="day" value="2031-05-04" onChange={() => undefined} />
      </I18nProvider>,
    );
    await user.click(segments()[0]!);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows its error message and marks the field invalid', () => {
    render(
      <I18nProvider locale="fr-FR">
        <DateField label="Du" granularity="day" value="" onChange={() => undefined} errorMessage="Date invalide" />
      </I18nProvider>,
    );
    const group = screen.getByRole('group', { name: 'Du' });
    expect(within(group.closest('.ui-field')!).getByText('Date invalide')).toBeTruthy();
    expect(segments()[0]!.getAttribute('aria-invalid')).toBe('true');
  });
});
