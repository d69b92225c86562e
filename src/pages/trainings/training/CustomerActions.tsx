import { Button as RACButton } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { components } from '../../../api/schema.gen';
import { Button } from '../../../components/ui/Button';
import { Menu, MenuItem } from '../../../components/ui/Menu';

type Enrolment = components['schemas']['CustomerTraining'];
export type CustomerActionKind = 'edit' | 'block' | 'unblock' | 'remove';

export const customerActionMessages = defineMessages({
  edit: { id: 'trainings.customers.edit', defaultMessage: 'Accès…' },
  block: { id: 'trainings.customers.block', defaultMessage: 'Bloquer' },
  unblock: { id: 'trainings.customers.unblock', defaultMessage: 'Débloquer' },
  remove: { id: 'trainings.customers.remove', defaultMessage: 'Retirer' },
});
const labels = {
  edit: defineMessage<{ name: string }>({ id: 'trainings.customers.editLabel', defaultMessage: 'Modifier l’accès de {name}' }),
  block: defineMessage<{ name: string }>({ id: 'trainings.customers.blockLabel', defaultMessage: 'Bloquer {name}' }),
  unblock: defineMessage<{ name: string }>({ id: 'trainings.customers.unblockLabel', defaultMessage: 'Débloquer {name}' }),
  remove: defineMessage<{ name: string }>({ id: 'trainings.customers.removeLabel', defaultMessage: 'Retirer {name} de la formation' }),
  menu: defineMessage<{ name: string }>({ id: 'trainings.customers.actionsLabel', defaultMessage: 'Actions pour {name}' }),
};

/**
 * What an editor may do to one enrolment: change its access (end date, drip bypass), block a learner, unblock one
 * the teacher blocked, remove any learner.
 */
export function customerActionsOf(enrolment: Pick<Enrolment, 'customer_type' | 'blocked_reason'>): CustomerActionKind[] {
  if (enrolment.customer_type === 'ABANDONED_CART') return [];
  const actions: CustomerActionKind[] = ['edit'];
  if (enrolment.customer_type === 'STUDENT') actions.push('block');
  if (enrolment.customer_type === 'BLOCKED' && enrolment.blocked_reason === 'BY_TEACHER') actions.push('unblock');
  actions.push('remove');
  return actions;
}

/**
 * The actions cell of a learner: one line of small buttons, and the same actions behind a "…" menu. The CSS shows
 * one of the two by the table's width (container query in training.css): at 1024 px the buttons would push the
 * table past its box. Both are in the DOM; the hidden one (display: none) is out of the accessibility tree.
 */
export function CustomerActions({ enrolment, isDisabled, onAction }: { enrolment: Enrolment; isDisabled: boolean; onAction: (kind: CustomerActionKind) => void }) {
  const intl = useIntl();
  const actions = customerActionsOf(enrolment);
  if (actions.length === 0) return null;
  const name = enrolment.customer.display_name;
  return (
    <>
      <div className="row-actions">
        {actions.map((kind) => (
          <Button key={kind} variant="ghost" size="sm" isDisabled={isDisabled} aria-label={intl.formatMessage(labels[kind], { name })} onPress={() => onAction(kind)}>
            {intl.formatMessage(customerActionMessages[kind])}
          </Button>
        ))}
      </div>
      <div className="row-actions-menu">
        <Menu
          aria-label={intl.formatMessage(labels.menu, { name })}
          trigger={
            <RACButton className="ui-icon-button" aria-label={intl.formatMessage(labels.menu, { name })} isDisabled={isDisabled} data-testid="customer-menu">
              <svg viewBox="0 0 20 20" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
                <circle cx="4.5" cy="10" r="1.5" />
                <circle cx="10" cy="10" r="1.5" />
                <circle cx="15.5" cy="10" r="1.5" />
              </svg>
            </RACButton>
          }
        >
          {actions.map((kind) => (
            <MenuItem key={kind} id={kind} onAction={() => onAction(kind)}>
              {intl.formatMessage(customerActionMessages[kind])}
            </MenuItem>
          ))}
        </Menu>
      </div>
    </>
  );
}
