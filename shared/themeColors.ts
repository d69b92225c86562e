/**
 * A school's theme colours (issue 16, `StoreTheme`) as the CSS variables the learner area reads. Shared by the
 * learner area and the customisation page's preview. The text put on a colour is white or near-black, whichever
 * reads better (WCAG contrast), and a colour used as text on white is darkened until it reaches 4.5:1, so a pale
 * choice never makes a page unreadable.
 */
export interface ThemeColors {
  primary_color: string | null;
  header_color: string | null;
}

const HEX = /^#[0-9a-f]{6}$/i;
const DARK_TEXT = '#111827';
const WHITE = '#ffffff';

export const isThemeColor = (value: string) => HEX.test(value);

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** White or near-black, whichever contrasts more with `background`. */
export const textOn = (background: string) => (contrast(background, WHITE) >= contrast(background, DARK_TEXT) ? WHITE : DARK_TEXT);

/** `hex` mixed towards black by `amount` (0–1). */
export const darker = (hex: string, amount: number) => toHex(channels(hex).map((c) => c * (1 - amount)));

/** The colour itself when it reads on white at 4.5:1, else the closest darker shade that does. */
export function readableOnWhite(hex: string): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const shade = darker(hex, amount);
    if (contrast(shade, WHITE) >= 4.5) return shade;
  }
  return DARK_TEXT;
}

/** The CSS custom properties of a theme; empty for the platform's own colours. */
export function themeVariables(theme: ThemeColors | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  const primary = theme?.primary_color && isThemeColor(theme.primary_color) ? theme.primary_color.toLowerCase() : null;
  if (primary) {
    const onPrimary = textOn(primary);
    // Buttons keep their text readable; a pale colour is darkened where it is text or a border on white.
    const solid = onPrimary === WHITE || contrast(primary, onPrimary) >= 4.5 ? primary : readableOnWhite(primary);
    Object.assign(vars, {
      '--color-accent': solid,
      '--color-accent-hover': darker(solid, 0.12),
      '--color-accent-pressed': darker(solid, 0.24),
      '--color-on-accent': textOn(solid),
      '--color-accent-text': readableOnWhite(primary),
      '--color-primary-600': readableOnWhite(primary),
      '--color-primary-700': readableOnWhite(primary),
      '--color-primary-800': darker(readableOnWhite(primary), 0.15),
      '--focus-ring-color': readableOnWhite(primary),
    });
  }
  const header = theme?.header_color && isThemeColor(theme.header_color) ? theme.header_color.toLowerCase() : null;
  if (header) {
    const text = textOn(header);
    Object.assign(vars, { '--school-header-bg': header, '--school-header-text': text, '--school-header-link': text });
  }
  return vars;
}
