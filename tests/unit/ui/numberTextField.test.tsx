// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { NumberTextField } from '../../../src/components/ui/NumberTextField';

afterEach(cleanup);

const wholeNumber = (text: string) => (text.trim() === '' ? null : /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The field over a number held outside it, as a machine holds it; `outside` sets the number another way. */
function Harness({ initial }: { initial: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumberTextField label="Score minimum" value={value} onChange={setValue} parse={wholeNumber} errorMessage={Number.isNaN(value) ? 'Un nombre entier' : undefined} />
      <output data-testid="value">{String(value)}</output>
      <button type="button" onClick={() => setValue(42)}>
        outside
      </button>
    </>
  );
}

const field = () => screen.getByLabelText('Score minimum') as HTMLInputElement;
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

it('keeps a typo on screen beside its message instead of emptying the field', () => {
  render(<Harness initial={50} />);
  expect(field().value).toBe('50');
  type('5O');
  expect(screen.getByTestId('value').textContent).toBe('NaN');
  expect(field().value).toBe('5O');
  expect(screen.getByText('Un nombre entier')).toBeTruthy();
  type('50');
  expect(field().value).toBe('50');
  expect(screen.getByTestId('value').textContent).toBe('50');
});

it('keeps what was typed when it says the same number (a leading zero, spaces) and empties to null', () => {
  render(<Harness initial={null} />);
  expect(field().value).toBe('');
  type('007');
  expect(field().value).toBe('007');
  expect(screen.getByTestId('value').textContent).toBe('7');
  type('');
  expect(screen.getByTestId('value').textContent).toBe('null');
  expect(field().value).toBe('');
});

it('shows the number set another way (a restore, the other copy taken) over what was typed', () => {
  render(<Harness initial={1} />);
  type('12x');
  fireEvent.click(screen.getByRole('button', { name: 'outside' }));
  expect(field().value).toBe('42');
});
