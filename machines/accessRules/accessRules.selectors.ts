import type { SnapshotFrom } from 'xstate';
import type { AccessProblem, AccessRules, AccessRulesText } from '../../shared/accessRules';
import type { accessRulesMachine } from './accessRules.machine';

type AccessRulesSnapshot = SnapshotFrom<typeof accessRulesMachine>;

const FIELDS = ['max_customers', 'access_duration_days', 'enrollment_ends_at', 'drip_frequency'] as const satisfies ReadonlyArray<keyof AccessRulesText>;

/** The view-model of the access-rules form. */
export const selectAccessRulesView = (snapshot: AccessRulesSnapshot) => {
  const { context } = snapshot;
  const failure = snapshot.matches('editing') ? context.failure : null;
  return {
    /** The fields as typed. */
    text: context.text,
    /** The certificate switch (null when the form does not hold it). */
    certificate: context.certificate,
    /** Something differs from what is stored: the table's Save is enabled. */
    isDirty: FIELDS.some((field) => context.text[field] !== context.stored[field]) || context.certificate !== context.storedCertificate,
    /** The save runs: the button is busy. */
    isSaving: snapshot.matches('saving'),
    /** The last save succeeded and nothing changed since: "Enregistré". */
    isSaved: snapshot.matches('saved'),
    /** The problem found in each field at the last SUBMIT (the view has a message per problem). */
    problems: context.problems as Partial<Record<keyof AccessRules, AccessProblem>>,
    /** The last save's failure, while editing (its per-field errors go on the fields). */
    failure,
  };
};
