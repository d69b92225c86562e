/**
 * Where a notification leads, from the keys of its `data` JSON (spec section 3). The most specific
 * key wins; null when there is nowhere to go (the notification is still marked read). A sale
 * (SALE_CREATED with the sale's `uuid`, as applyPaymentEvent writes it) leads to that line of the ledger.
 */
export function notificationLink(data: string, type?: string): string | null {
  let keys: Record<string, unknown>;
  try {
    keys = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
  const id = (name: string) => {
    const value = keys[name];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : null;
  };
  const [group, post, training, item, assignment, customer, affiliate] = [
    id('group'),
    id('post'),
    id('training_uuid'),
    id('training_item_id'),
    id('assignment_id'),
    id('customer_uuid'),
    id('affiliate_uuid'),
  ];
  const sale = type === 'SALE_CREATED' ? id('uuid') : null;
  if (sale) return `/ventes?q=${sale}`;
  // A sponsor's payout request (own affiliation) goes to the platform admin's list of payouts to pay.
  if (type === 'SPONSOR_PAYOUT_REQUESTED') return '/admin/operations';
  if (group && post) return `/communaute/espaces/${group}/discussions/${post}`;
  if (group) return `/communaute/espaces/${group}/discussions`;
  if (training && item && assignment) return `/formations/${training}/assignment/${item}/submissions/${assignment}`;
  if (training && item) return `/formations/${training}/editor/${item}`;
  if (training) return `/formations/${training}/commentaires`;
  if (affiliate) return `/affilies/${affiliate}/profil`;
  if (customer) return `/apprenants/${customer}`;
  return null;
}
