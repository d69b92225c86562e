import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Switch } from 'react-aria-components';
import { acceptedExtensions, maxUploadSize } from '../../../../machines/upload/upload.limits';
import { assignmentItemQuery } from '../../../api/assignmentsApi';
import { trainingItemsApi, type TrainingItem } from '../../../api/trainingItemsApi';
import { trainingQuery } from '../../../api/trainingsApi';
import { useViewer } from '../../../app/RouteGuard';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { FormError } from '../../../components/ui/Form';
import { TextLink } from '../../../components/ui/Link';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { DESCRIPTION_MAX_LENGTH, htmlLength } from '../../../editor/htmlLength';
import { RICH_TEXT_TOOLS } from '../../../editor/tools';
import { formatSize } from '../../../i18n/format';
import { NotFoundPage } from '../../NotFoundPage';
import { assignmentMessages as am } from './assignmentMessages';
import { assignmentHref, assignmentRouteOf } from './assignmentRoute';
import { lessonEditorMessages } from '../lesson/lessonEditorMessages';
import '../../pages.css';
import '../lesson/lessonEditor.css';
import './assignment.css';

// ProseMirror comes in its own chunk, as on the description tab.
const RichTextEditor = lazy(() => import('../../../components/RichTextEditor'));

const m = defineMessages({
  name: { id: 'assignment.editor.name', defaultMessage: 'Titre du devoir' },
  publish: { id: 'assignment.editor.publish', defaultMessage: 'Publié' },
  instructions: { id: 'assignment.editor.instructions', defaultMessage: 'Consignes' },
  instructionsHint: { id: 'assignment.editor.instructionsHint', defaultMessage: 'Ce que l’apprenant doit rendre, et comment.' },
  maxFiles: { id: 'assignment.editor.maxFiles', defaultMessage: 'Nombre de fichiers au plus' },
  maxFilesHint: { id: 'assignment.editor.maxFilesHint', defaultMessage: 'De 0 (texte seulement) à 20.' },
  maxFilesInvalid: { id: 'assignment.editor.maxFilesInvalid', defaultMessage: 'Indiquez un nombre entier de 0 à 20.' },
  nameRequired: { id: 'assignment.editor.nameRequired', defaultMessage: 'Le titre est obligatoire (128 caractères au plus).' },
  save: { id: 'assignment.editor.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'assignment.editor.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'assignment.editor.saved', defaultMessage: 'Devoir enregistré.' },
  files: { id: 'assignment.editor.files', defaultMessage: 'Fichiers des apprenants' },
  fileTypes: { id: 'assignment.editor.fileTypes', defaultMessage: 'Types acceptés' },
  anyType: { id: 'assignment.editor.anyType', defaultMessage: 'Tous les types de fichiers' },
  sizeLimit: { id: 'assignment.editor.sizeLimit', defaultMessage: 'Taille maximale par fichier' },
  planLimitNone: { id: 'assignment.editor.planLimitNone', defaultMessage: 'Les devoirs demandent l’offre Pro ou Expert.' },
  review: { id: 'assignment.editor.review', defaultMessage: 'Rendus à corriger' },
  openSubmissions: { id: 'assignment.editor.openSubmissions', defaultMessage: 'Voir les rendus' },
  notAssignment: { id: 'assignment.editor.notAssignment', defaultMessage: 'Cet élément n’est pas un devoir.' },
});

const toValidate = defineMessage<{ count: number }>({
  id: 'assignment.editor.toValidate',
  defaultMessage: '{count, plural, =0 {Aucun rendu à corriger} one {# rendu à corriger} other {# rendus à corriger}}',
});

interface Settings {
  instructions: string | null;
  max_files: number;
}

/** An ASSIGNMENT's settings as stored in `specific_content` (defaults when none or unreadable). */
function settingsOf(item: TrainingItem): Settings {
  try {
    const parsed = JSON.parse(item.specific_content ?? '') as Partial<Settings>;
    return { instructions: typeof parsed.instructions === 'string' ? parsed.instructions : null, max_files: Number.isInteger(parsed.max_files) ? parsed.max_files! : 1 };
  } catch {
    return { instructions: null, max_files: 1 };
  }
}

/** /formations/:uuid/assignment/:id: an assignment's title, publication, instructions and file settings. */
export function AssignmentEditorPage() {
  const route = assignmentRouteOf(useParams());
  return route ? <Loader key={`${route.trainingUuid}/${route.itemId}`} trainingUuid={route.trainingUuid} itemId={route.itemId} /> : <NotFoundPage />;
}

function Loader({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const item = useQuery({ ...assignmentItemQuery({ trainingUuid, itemId }), meta: { failureReport: 'page' } });
  const failure = item.error as { status?: number | null; message?: string } | null;
  if (item.isPending) {
    return (
      <div className="page assignment-page assignment-page--loading">
        <Spinner aria-label={intl.formatMessage(am.loading)} size="lg" />
      </div>
    );
  }
  if (failure && (failure.status === 404 || failure.status === 403)) return <NotFoundPage message={failure.message} />;
  if (!item.data) {
    return (
      <div className="page assignment-page">
        <Banner variant="danger" title={intl.formatMessage(am.failed)} action={<Button onPress={() => void item.refetch()}>{intl.formatMessage(am.retry)}</Button>}>
          {failure?.message}
        </Banner>
      </div>
    );
  }
  if (item.data.type !== 'ASSIGNMENT') return <NotFoundPage message={intl.formatMessage(m.notAssignment)} />;
  return <Editor trainingUuid={trainingUuid} item={item.data} />;
}

function Editor({ trainingUuid, item }: { trainingUuid: string; item: TrainingItem }) {
  const intl = useIntl();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const stored = settingsOf(item);
  const [name, setName] = useState(item.name);
  const [published, setPublished] = useState(!item.draft);
  const [instructions, setInstructions] = useState(stored.instructions ?? '');
  const [maxFiles, setMaxFiles] = useState(String(stored.max_files));
  const request = useRequest(async (body: { name: string; draft: boolean; specific_content: string }, signal) => {
    const saved = await trainingItemsApi.update(trainingUuid, item.id, body, signal);
    queryClient.setQueryData(assignmentItemQuery({ trainingUuid, itemId: item.id }).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: trainingQuery(trainingUuid).queryKey });
  });
  const ref = { trainingUuid, itemId: item.id };
  const limit = viewer ? (maxUploadSize('ASSIGNMENT', viewer.plan) ?? (viewer.isAdmin ? maxUploadSize('ASSIGNMENT', 'EXPERT') : null)) : null;
  const extensions = acceptedExtensions('ASSIGNMENT');
  const files = Number(maxFiles);
  const filesInvalid = !/^\d+$/.test(maxFiles.trim()) || files > 20;
  const nameInvalid = name.trim() === '' || name.trim().length > 128;
  const tooLong = htmlLength(instructions) > DESCRIPTION_MAX_LENGTH;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (filesInvalid || nameInvalid || tooLong || request.isSubmitting) return;
    request.submit({
      name: name.trim(),
      draft: !published,
      specific_content: JSON.stringify({ instructions: instructions === '' ? null : instructions, max_files: files }),
    });
  };

  return (
    <form className="page lesson-editor assignment-editor" onSubmit={onSubmit} noValidate data-testid="assignment-editor">
      <div className="lesson-editor__top">
        <TextLink href={assignmentHref({ trainingUuid })} variant="subtle">
          {intl.formatMessage(lessonEditorMessages.back)}
        </TextLink>
        <div className="lesson-editor__actions">
          <Switch className="draft-switch" isSelected={published} onChange={setPublished} isDisabled={request.isSubmitting} data-testid="publish-switch">
            <span className="draft-switch__track" aria-hidden="true">
              <span className="draft-switch__thumb" />
            </span>
            <span className="draft-switch__label">{intl.formatMessage(m.publish)}</span>
          </Switch>
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="assignment-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </div>
      {request.hasSucceeded && (
        <Banner variant="success" role="status" data-testid="assignment-saved">
          {intl.formatMessage(m.saved)}
        </Banner>
      )}
      <FormError>{failureText(intl, request.error, ['name', 'specific_content', 'specific_content.instructions', 'specific_content.max_files'])}</FormError>
      <div className="lesson-editor__layout">
        <div className="lesson-editor__main stack">
          <TextField
            className="lesson-editor__name"
            label={intl.formatMessage(m.name)}
            value={name}
            onChange={setName}
            maxLength={128}
            isRequired
            errorMessage={nameInvalid ? intl.formatMessage(m.nameRequired) : fieldErrors(request.error, 'name')?.join(', ')}
            data-testid="assignment-name"
          />
          <Suspense fallback={<Spinner aria-label={intl.formatMessage(am.loading)} />}>
            <RichTextEditor
              label={intl.formatMessage(m.instructions)}
              description={intl.formatMessage(m.instructionsHint)}
              tools={RICH_TEXT_TOOLS.description}
              value={instructions}
              onChange={setInstructions}
              maxLength={DESCRIPTION_MAX_LENGTH}
              isDisabled={request.isSubmitting}
              errorMessage={fieldErrors(request.error, 'specific_content.instructions')?.join(', ')}
            />
          </Suspense>
        </div>
        <aside className="lesson-editor__aside stack">
          <Card title={intl.formatMessage(m.files)} headingLevel={2}>
            <div className="stack">
              <TextField
                label={intl.formatMessage(m.maxFiles)}
                description={intl.formatMessage(m.maxFilesHint)}
                value={maxFiles}
                onChange={setMaxFiles}
                inputMode="numeric"
                errorMessage={filesInvalid ? intl.formatMessage(m.maxFilesInvalid) : fieldErrors(request.error, 'specific_content.max_files')?.join(', ')}
                data-testid="assignment-max-files"
              />
              <dl className="assignment-limits" data-testid="assignment-limits">
                <dt>{intl.formatMessage(m.fileTypes)}</dt>
                <dd>{extensions || intl.formatMessage(m.anyType)}</dd>
                <dt>{intl.formatMessage(m.sizeLimit)}</dt>
                <dd>{limit === null ? intl.formatMessage(m.planLimitNone) : formatSize(limit, intl.locale.startsWith('en') ? 'en' : 'fr')}</dd>
              </dl>
            </div>
          </Card>
          <Card title={intl.formatMessage(m.review)} headingLevel={2}>
            <div className="stack">
              <p className="muted">{intl.formatMessage(toValidate, { count: item.assignments_to_validate_count })}</p>
              <TextLink href={assignmentHref({ ...ref, submissions: true })} data-testid="assignment-open-submissions">
                {intl.formatMessage(m.openSubmissions)}
              </TextLink>
            </div>
          </Card>
        </aside>
      </div>
    </form>
  );
}
