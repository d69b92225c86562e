import { lazy, Suspense, useMemo, type FormEvent, type ReactNode } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Gem } from 'lucide-react';
import { Modal } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { ChoiceGroup } from '../../components/ui/ChoiceGroup';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { showToast } from '../../components/ui/toastQueue';
import { RICH_TEXT_TOOLS } from '../../editor/tools';
import { commonMessages } from '../../i18n/commonMessages';
import { failureText } from '../../app/failureText';
import { reportedByShell, reportFailure } from '../../app/failureReporter';
import { useInspectedMachine } from '../../app/inspector';
import { trainingChoicesQuery } from '../../api/trainingsApi';
import type { Space } from '../../api/communityApi';
import { spaceFormMachine } from '../../../machines/spaceForm/spaceForm.machine';
import { createSpaceFormActors } from '../../../machines/spaceForm/spaceForm.actors';
import { selectSpaceFormView } from '../../../machines/spaceForm/spaceForm.selectors';
import {
  createDefaults,
  DESCRIPTION_MAX,
  isExpertOnly,
  NAME_MAX,
  valuesOf,
  type AutoAddMode,
  type PostSort,
  type SpaceState,
  type SpaceType,
} from '../../../machines/spaceForm/spaceForm.values';
import { useCommunity } from './communityContext';

const RichTextEditor = lazy(() => import('../../components/RichTextEditor'));

export const spaceFormMessages = defineMessages({
  createTitle: { id: 'community.spaceForm.createTitle', defaultMessage: 'Créer un espace' },
  editTitle: { id: 'community.spaceForm.editTitle', defaultMessage: 'Modifier l’espace' },
  about: { id: 'community.spaceForm.about', defaultMessage: 'À propos' },
  access: { id: 'community.spaceForm.access', defaultMessage: 'Accès à l’espace' },
  advanced: { id: 'community.spaceForm.advanced', defaultMessage: 'Paramètres avancés' },
  name: { id: 'community.spaceForm.name', defaultMessage: 'Nom de l’espace' },
  description: { id: 'community.spaceForm.description', defaultMessage: 'Description' },
  type: { id: 'community.spaceForm.type', defaultMessage: 'Affichage' },
  typeFixed: { id: 'community.spaceForm.typeFixed', defaultMessage: 'L’affichage est choisi à la création et ne change plus.' },
  CARD: { id: 'community.spaceForm.type.CARD', defaultMessage: 'Fil d’actualité' },
  CARDHint: { id: 'community.spaceForm.type.CARDHint', defaultMessage: 'Les publications en cartes, les plus récentes d’abord.' },
  LIST: { id: 'community.spaceForm.type.LIST', defaultMessage: 'Forum' },
  LISTHint: { id: 'community.spaceForm.type.LISTHint', defaultMessage: 'Des sujets de discussion en liste.' },
  state: { id: 'community.spaceForm.state', defaultMessage: 'État' },
  DRAFT: { id: 'community.spaceForm.state.DRAFT', defaultMessage: 'Brouillon' },
  DRAFTHint: { id: 'community.spaceForm.state.DRAFTHint', defaultMessage: 'Visible seulement par les administrateurs et vous.' },
  VISIBLE: { id: 'community.spaceForm.state.VISIBLE', defaultMessage: 'Publié' },
  VISIBLEHint: { id: 'community.spaceForm.state.VISIBLEHint', defaultMessage: 'Dans le menu de tous les apprenants ; le contenu pour les membres.' },
  PRIVATE: { id: 'community.spaceForm.state.PRIVATE', defaultMessage: 'Masqué' },
  PRIVATEHint: { id: 'community.spaceForm.state.PRIVATEHint', defaultMessage: 'Seuls les membres invités le voient.' },
  autoAdd: { id: 'community.spaceForm.autoAdd', defaultMessage: 'Ajout des membres' },
  ALL: { id: 'community.spaceForm.autoAdd.ALL', defaultMessage: 'Tous les apprenants' },
  ALLHint: { id: 'community.spaceForm.autoAdd.ALLHint', defaultMessage: 'Chaque apprenant rejoint l’espace automatiquement.' },
  TRAININGS: { id: 'community.spaceForm.autoAdd.TRAININGS', defaultMessage: 'Les apprenants de certaines formations' },
  TRAININGSHint: { id: 'community.spaceForm.autoAdd.TRAININGSHint', defaultMessage: 'Les inscrits des formations choisies, même déjà inscrits.' },
  MANUAL: { id: 'community.spaceForm.autoAdd.MANUAL', defaultMessage: 'Ajout manuel' },
  MANUALHint: { id: 'community.spaceForm.autoAdd.MANUALHint', defaultMessage: 'Vous ajoutez les membres vous-même.' },
  trainings: { id: 'community.spaceForm.trainings', defaultMessage: 'Formations' },
  trainingsLoading: { id: 'community.spaceForm.trainingsLoading', defaultMessage: 'Chargement des formations…' },
  noTrainings: { id: 'community.spaceForm.noTrainings', defaultMessage: 'Aucune formation dans votre espace.' },
  readonly: { id: 'community.spaceForm.readonly', defaultMessage: 'Lecture seule : seuls vous et les administrateurs publiez, tous les membres peuvent répondre' },
  showMembers: { id: 'community.spaceForm.showMembers', defaultMessage: 'Afficher la liste des membres' },
  sort: { id: 'community.spaceForm.sort', defaultMessage: 'Tri des publications par défaut' },
  PUBLISHED_DESC: { id: 'community.sort.PUBLISHED_DESC', defaultMessage: 'Les plus récentes' },
  PUBLISHED_ASC: { id: 'community.sort.PUBLISHED_ASC', defaultMessage: 'Les plus anciennes' },
  LAST_COMMENTED: { id: 'community.sort.LAST_COMMENTED', defaultMessage: 'Dernier commentaire' },
  expert: { id: 'community.spaceForm.expert', defaultMessage: 'Inclus dans l’offre Expert' },
  save: { id: 'community.spaceForm.save', defaultMessage: 'Enregistrer' },
  create: { id: 'community.spaceForm.create', defaultMessage: 'Créer l’espace' },
  saving: { id: 'community.spaceForm.saving', defaultMessage: 'Enregistrement…' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
  created: { id: 'community.spaceForm.created', defaultMessage: 'Espace créé' },
  updated: { id: 'community.spaceForm.updated', defaultMessage: 'Espace enregistré' },
  required: { id: 'community.spaceForm.errors.required', defaultMessage: 'Ce champ est requis.' },
  nameTooLong: { id: 'community.spaceForm.errors.nameTooLong', defaultMessage: '128 caractères au plus.' },
  descriptionTooLong: { id: 'community.spaceForm.errors.descriptionTooLong', defaultMessage: '5000 caractères au plus.' },
  trainingsRequired: { id: 'community.spaceForm.errors.trainingsRequired', defaultMessage: 'Choisissez au moins une formation.' },
});
const m = spaceFormMessages;

/** The gem of an EXPERT-only option, with its tooltip (title) and its text for screen readers. */
export function ExpertGem() {
  const intl = useIntl();
  const text = intl.formatMessage(m.expert);
  return (
    <span className="community-gem" title={text} data-testid="plan-gem">
      <Gem size={14} aria-hidden="true" />
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

const labelled = (label: MessageDescriptor, expert: boolean, format: (d: MessageDescriptor) => string): ReactNode => (
  <>
    {format(label)}
    {expert && <ExpertGem />}
  </>
);

export interface SpaceFormDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The space edited; null to create one. */
  space: Space | null;
  /** Where a new space goes (a collection's "create a space in it"). */
  collection?: string | null;
  onSaved: (space: Space, created: boolean) => void;
}

/** The space form in a dialog: mounted while open, so each opening starts from the space's values. */
export function SpaceFormDialog(props: SpaceFormDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      title={intl.formatMessage(props.space ? m.editTitle : m.createTitle)}
      closeLabel={intl.formatMessage(commonMessages.close)}
      size="lg"
    >
      {props.isOpen && <SpaceForm {...props} />}
    </Modal>
  );
}

/**
 * The space form (machines/spaceForm): About (name, description), Space access (display mode on create, state,
 * the auto-add mode and its trainings), Advanced settings (read-only, members list, default sort).
 */
export function SpaceForm({ space, collection = null, onSaved, onOpenChange }: SpaceFormDialogProps) {
  const intl = useIntl();
  const { api, viewer } = useCommunity();
  const format = (d: MessageDescriptor) => intl.formatMessage(d);
  const machine = useMemo(
    () =>
      spaceFormMachine.provide({
        actors: createSpaceFormActors({
          create: (body, signal) => api.createSpace(body, signal).catch(reported),
          update: (uuid, body, signal) => api.updateSpace(uuid, body, signal).catch(reported),
        }),
        actions: {
          saved: (_, { space: stored, created }: { space: Space; created: boolean }) => {
            showToast({ title: format(created ? m.created : m.updated), variant: 'success' });
            onSaved(stored, created);
          },
        },
      }),
    // The machine's implementations are read once, like every composition root.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine, {
    input: { values: space ? valuesOf(space) : createDefaults(viewer.plan, collection), spaceUuid: space?.uuid ?? null },
  });
  const view = selectSpaceFormView(snapshot);
  const { values, errors } = view;
  const trainings = useQuery({ ...trainingChoicesQuery(), enabled: view.showsTrainings });
  const errorText = (error: string | undefined, tooLong: MessageDescriptor, required = m.required) =>
    error === 'required' ? format(required) : error === 'tooLong' ? format(tooLong) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const disabled = view.isSaving;

  return (
    <Form className="stack community-space-form" onSubmit={onSubmit} data-testid="space-form">
      <FormError>{failureText(intl, view.failure, ['name', 'description', 'state', 'type', 'trainings', 'global'])}</FormError>
      <section className="community-space-form__section stack" aria-labelledby="space-form-about">
        <h3 id="space-form-about">{format(m.about)}</h3>
        <TextField
          label={format(m.name)}
          value={values.name}
          onChange={(value) => send({ type: 'SET_NAME', value })}
          isRequired
          maxLength={NAME_MAX}
          isDisabled={disabled}
          errorMessage={errorText(errors.name, m.nameTooLong) ?? view.failure?.fieldErrors.name}
          data-testid="space-form-name"
        />
        <Suspense fallback={<Spinner size="sm" aria-label={format(m.description)} />}>
          <RichTextEditor
            label={format(m.description)}
            tools={RICH_TEXT_TOOLS.description}
            value={values.description ?? ''}
            onChange={(html) => send({ type: 'SET_DESCRIPTION', value: html === '' ? null : html })}
            maxLength={DESCRIPTION_MAX}
            height={160}
            isDisabled={disabled}
            errorMessage={errorText(errors.description, m.descriptionTooLong)}
          />
        </Suspense>
      </section>

      <section className="community-space-form__section stack" aria-labelledby="space-form-access">
        <h3 id="space-form-access">{format(m.access)}</h3>
        {view.isCreate ? (
          <ChoiceGroup<SpaceType>
            label={format(m.type)}
            orientation="horizontal"
            value={values.type}
            onChange={(value) => send({ type: 'SET_TYPE', value })}
            isDisabled={disabled}
            testId="space-form-type"
            choices={(['CARD', 'LIST'] as const).map((type) => ({ value: type, label: labelled(m[type], isExpertOnly.type(type), format), description: format(m[`${type}Hint`]) }))}
          />
        ) : (
          <p className="community-space-form__fixed">
            <strong>{format(m.type)} :</strong> {format(m[values.type])} — {format(m.typeFixed)}
          </p>
        )}
        <ChoiceGroup<SpaceState>
          label={format(m.state)}
          orientation="horizontal"
          value={values.state}
          onChange={(value) => send({ type: 'SET_STATE', value })}
          isDisabled={disabled}
          testId="space-form-state"
          choices={(['DRAFT', 'VISIBLE', 'PRIVATE'] as const).map((state) => ({ value: state, label: labelled(m[state], isExpertOnly.state(state), format), description: format(m[`${state}Hint`]) }))}
        />
        <ChoiceGroup<AutoAddMode>
          label={format(m.autoAdd)}
          value={values.autoAdd}
          onChange={(mode) => send({ type: 'SET_AUTO_ADD', mode })}
          isDisabled={disabled}
          testId="space-form-auto-add"
          choices={(['ALL', 'TRAININGS', 'MANUAL'] as const).map((mode) => ({ value: mode, label: labelled(m[mode], isExpertOnly.autoAdd(mode), format), description: format(m[`${mode}Hint`]) }))}
        />
        {view.showsTrainings && (
          <fieldset className="community-space-form__trainings" data-testid="space-form-trainings">
            <legend className="ui-field__label">{format(m.trainings)}</legend>
            {trainings.isPending ? (
              <Spinner size="sm" aria-label={format(m.trainingsLoading)} />
            ) : (trainings.data?.data ?? []).length === 0 ? (
              <p>{format(m.noTrainings)}</p>
            ) : (
              (trainings.data?.data ?? []).map((training) => (
                <Checkbox
                  key={training.uuid}
                  isSelected={values.trainings.includes(training.uuid)}
                  onChange={() => send({ type: 'TOGGLE_TRAINING', uuid: training.uuid })}
                  isDisabled={disabled}
                >
                  {training.name}
                </Checkbox>
              ))
            )}
            {errors.trainings && (
              <p className="ui-field__error" role="alert">
                {format(m.trainingsRequired)}
              </p>
            )}
          </fieldset>
        )}
      </section>

      <section className="community-space-form__section stack" aria-labelledby="space-form-advanced">
        <h3 id="space-form-advanced">{format(m.advanced)}</h3>
        <Checkbox isSelected={values.readonly} onChange={(value) => send({ type: 'SET_READONLY', value })} isDisabled={disabled} data-testid="space-form-readonly">
          {labelled(m.readonly, true, format)}
        </Checkbox>
        <Checkbox isSelected={values.showMembers} onChange={(value) => send({ type: 'SET_SHOW_MEMBERS', value })} isDisabled={disabled}>
          {format(m.showMembers)}
        </Checkbox>
        <ChoiceGroup<PostSort>
          label={format(m.sort)}
          orientation="horizontal"
          value={values.sort}
          onChange={(value) => send({ type: 'SET_SORT', value })}
          isDisabled={disabled}
          choices={(['PUBLISHED_DESC', 'PUBLISHED_ASC', 'LAST_COMMENTED'] as const).map((sort) => ({ value: sort, label: format(m[sort]) }))}
        />
      </section>

      <div className="community-space-form__actions">
        <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={disabled}>
          {format(m.cancel)}
        </Button>
        <Button type="submit" isPending={disabled} pendingLabel={format(m.saving)} data-testid="space-form-submit">
          {format(view.isCreate ? m.create : m.save)}
        </Button>
      </div>
    </Form>
  );
}

/** A failure the form cannot explain (no answer, 5xx) also goes to the shell's catalogue. */
export function reported(error: unknown): never {
  if (reportedByShell(error)) reportFailure(error);
  throw error;
}
