import { describe, expect, it } from 'vitest';
import { formatAxisEuros } from '../../../src/components/stats/statsFormat';

// Intl puts a no-break space before € and % in French, and a narrow one between thousands.
const nb = (text: string) => text.replace(/ /g, '\u202f').replace(/_/g, '\u00a0');

describe('formatAxisEuros (chart ticks: no cents on whole amounts)', () => {
  it('whole amounts without cents', () => {
    expect(formatAxisEuros(160)).toBe(nb('160_€'));
    expect(formatAxisEuros(0)).toBe(nb('0_€'));
    expect(formatAxisEuros(1500)).toBe(nb('1 500_€'));
    expect(formatAxisEuros(160, 'en')).toBe('€160');
  });
  it('other amounts to the cent', () => {
    expect(formatAxisEuros(12.5)).toBe(nb('12,50_€'));
    expect(formatAxisEuros(0.1 + 0.2)).toBe(nb('0,30_€'));
    expect(formatAxisEuros(12.5, 'en')).toBe('€12.50');
  });
});
