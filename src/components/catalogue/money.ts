/**
 * Amounts typed by a trainer, in euros: "49", "49,90", "49.9", "1 234,50", "1.234,50" or with a "€".
 * Returns the amount rounded to the cent, or null when the text is not an amount (empty, letters,
 * negative, more than two decimals). Pure, so the price forms and their tests share it.
 */
export function parseEuros(text: string): number | null {
  // Spaces of any kind (fr-FR groups thousands with a narrow no-break space) and the euro sign go.
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (compact === '') return null;
  // "1.234,50": dots group thousands when a comma is the decimal mark.
  const normalised = compact.includes(',') ? compact.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.') : compact;
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100) / 100;
}

/** What a learner pays in all: `price × installments` for instalments, else the price (the contract's total_price). */
export function scheduleTotal(price: number, installments: number | null): number {
  return installments ? Math.round(price * installments * 100) / 100 : price;
}
