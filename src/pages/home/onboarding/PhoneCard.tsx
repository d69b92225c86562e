import { useMemo, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useInspectedMachine } from '../../../app/inspector';
import { phoneCardMachine, type Plan } from '../../../../machines/phoneCard/phoneCard.machine';
import { createPhoneCardActors } from '../../../../machines/phoneCard/phoneCard.actors';
import { selectPhoneCardView } from '../../../../machines/phoneCard/phoneCard.selectors';
import { updateStore } from '../../../api/storesApi';
import { AuthActor } from '../../../app/auth';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { phoneMessages as m } from './onboardingMessages';

/** Asks the owner's phone (plans other than Découverte, none stored yet); the machine decides and validates. */
export function PhoneCard({ storeUuid, plan, phone }: { storeUuid: string; plan: Plan; phone: string | null }) {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const machine = useMemo(
    () =>
      phoneCardMachine.provide({
        actors: createPhoneCardActors({
          savePhone: async (owner_phone, signal) => {
            const store = await updateStore(storeUuid, { owner_phone }, signal);
            const user = auth.getSnapshot().context.user;
            if (user) auth.send({ type: 'USER_UPDATED', user: { ...user, store } });
          },
        }),
      }),
    [storeUuid, auth],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { plan, phone } });
  const view = selectPhoneCardView(snapshot);
  if (!view.isVisible) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const problem = view.problem === 'required' ? intl.formatMessage(m.required) : view.problem === 'format' ? intl.formatMessage(m.format) : undefined;
  return (
    <Card
      title={intl.formatMessage(m.title)}
      actions={
        !view.isSaving && (
          <Button variant="ghost" size="sm" onPress={() => send({ type: 'CLOSE' })} data-testid="phone-card-close">
            {intl.formatMessage(m.close)}
          </Button>
        )
      }
    >
      <div data-testid="phone-card">
        {view.isSaved ? (
          <Banner variant="success" role="status">
            {intl.formatMessage(m.saved)}
          </Banner>
        ) : (
          <Form className="stack form-narrow" onSubmit={onSubmit}>
            <p className="page-lead">{intl.formatMessage(m.lead)}</p>
            {view.failure && <Banner variant="danger">{intl.formatMessage(m.failed)}</Banner>}
            <TextField
              name="owner_phone"
              type="tel"
              autoComplete="tel"
              label={intl.formatMessage(m.label)}
              description={intl.formatMessage(m.hint)}
              value={view.value}
              onChange={(value) => send({ type: 'CHANGE', value })}
              errorMessage={problem}
              isRequired
            />
            <div>
              <Button type="submit" isPending={view.isSaving} pendingLabel={intl.formatMessage(m.saving)} data-testid="phone-card-save">
                {intl.formatMessage(m.save)}
              </Button>
            </div>
          </Form>
        )}
      </div>
    </Card>
  );
}
