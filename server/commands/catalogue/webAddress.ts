import { invalid, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';

/**
 * Pictures of trainings and bundles (and their SEO images) are shown in <img> on the sales pages and shared
 * as og:image: only web addresses, whatever else a URI may be (`javascript:`, `data:`…). Absent or null passes.
 */
const isWebAddress = (value: string | null | undefined): boolean => value == null || /^https?:\/\//i.test(value);

/** 422 naming every field (by its path in the body) whose value is not a web address; nothing when all are. */
export function requireWebAddresses(fields: Record<string, string | null | undefined>): void {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(fields)) if (!isWebAddress(value)) errors[field] = [messages.webAddressOnly];
  if (Object.keys(errors).length) throw invalid(errors);
}
