import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import DOMPurify from 'dompurify';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { createPageDialogActors } from '../../machines/pageDialog/pageDialog.actors';
import { pageDialogMachine } from '../../machines/pageDialog/pageDialog.machine';
import { createInspectedActor } from './inspector';
import { selectPageDialogView } from '../../machines/pageDialog/pageDialog.selectors';
import { pagesApi } from '../api/pagesApi';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Dialog';
import { Spinner } from '../components/ui/Spinner';
import { commonMessages } from '../i18n/commonMessages';

export type PageDialogActorRef = ActorRefFrom<typeof pageDialogMachine>;

/** The app's page-dialog actor, started; created once by PageDialogProvider on the first opening. */
export function startPageDialogActor(): PageDialogActorRef {
  const logic = pageDialogMachine.provide({
    actors: createPageDialogActors(pagesApi),
  });
  return createInspectedActor(logic).start();
}

const messages = defineMessages({
  notFound: { id: 'pageDialog.notFound', defaultMessage: "Cette page n'existe plus sur notre site" },
  failed: { id: 'pageDialog.failed', defaultMessage: "La page n'a pas pu être chargée." },
  loading: { id: 'pageDialog.loading', defaultMessage: 'Chargement de la page…' },
  title: { id: 'pageDialog.title', defaultMessage: 'Page' },
});

/** The dialog itself; any link opens it with `usePageDialog()(slug)`. */
export function PageDialogView({ actor }: { actor: PageDialogActorRef }) {
  const intl = useIntl();
  const view = useSelector(actor, selectPageDialogView);
  // Page content is HTML from our own database; it is still sanitised before it reaches the DOM.
  const html = useMemo(() => (view.page ? DOMPurify.sanitize(view.page.content.rendered) : ''), [view.page]);
  return (
    <Modal
      isOpen={view.isOpen}
      onOpenChange={(open) => !open && actor.send({ type: 'CLOSE' })}
      title={view.page ? view.page.title.rendered : intl.formatMessage(messages.title)}
      closeLabel={intl.formatMessage(commonMessages.close)}
      size="lg"
      footer={(close) => (
        <Button variant="secondary" onPress={close}>
          {intl.formatMessage(commonMessages.close)}
        </Button>
      )}
    >
      <div className="page-dialog" data-testid="page-dialog" aria-busy={view.isLoading}>
        {view.isLoading && <Spinner aria-label={intl.formatMessage(messages.loading)} />}
        {view.isNotFound && <p>{intl.formatMessage(messages.notFound)}</p>}
        {view.isFailed && (
          <div role="alert" className="stack">
            <p>{intl.formatMessage(messages.failed)}</p>
            <div>
              <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY' })}>
                {intl.formatMessage(commonMessages.retry)}
              </Button>
            </div>
          </div>
        )}
        {view.page && <div className="page-dialog__content" dangerouslySetInnerHTML={{ __html: html }} />}
      </div>
    </Modal>
  );
}

