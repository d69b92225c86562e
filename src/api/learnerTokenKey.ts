/** The learner token of one school in localStorage: one key per subdomain, a person may be a learner of several. */
export const learnerTokenKey = (subdomain: string) => `cp.school.${subdomain}.token`;
