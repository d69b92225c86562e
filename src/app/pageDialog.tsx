import { useMemo, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import DOMPurify from 'dompurify';
import { pageDialogMachine } from '../../machines/pageDialog/pageDialog.machine';
import { createPageDialogActors } from '../../machines/pageDialog/pageDialog.actors';
import { selectPageDialogView } from '../../machines/pageDialog/pageDialog.selectors';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Dialog';
import { Spinner } from '../components/ui/Spinner';
import { commonMessages } from '../i18n/commonMessages';

/** One actor for the whole app, so a page fetched once opens from the cache afterwards. */
export const PageDialogActor = createActorContext(pageDialogMachine);

const messages = defineMessages({
  notFound: { id: 'pageDialog.notFound', defaultMessage: "Cette page n'existe plus sur notre site" },
  failed: { id: 'pageDialog.failed', defaultMessage: "La page n'a pas pu être chargée." },
  loading: { id: 'pageDialog.loading', defaultMessage: 'Chargement de la page…' },
  title: { id: 'pageDialog.title', defaultMessage: 'Page' },
});

export function PageDialogProvider({ children }: { children: ReactNode }) {
  const logic = useMemo(
    () =>
      pageDialogMachine.provide({
        actors: createPageDialogActors({
          listPages: async (slug, signal) => {
            // Loaded on first use: the dialog is rare, the API client is not needed for it up front.
            const [{ api }, { unwrap }] = await Promise.all([import('../api/client'), import('../api/failure')]);
            return unwrap(api.GET('/pages', { params: { query: { slug } }, signal }));
          },
        }),
      }),
    [],
  );
  return <PageDialogActor.Provider logic={logic}>{children}</PageDialogActor.Provider>;
}

/** The dialog itself, mounted once; any link opens it with `usePageDialog()(slug)`. */
export function PageDialogHost() {
  const intl = useIntl();
  const actor = PageDialogActor.useActorRef();
  const view = PageDialogActor.useSelector(selectPageDialogView);
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

export function usePageDialog() {
  const actor = PageDialogActor.useActorRef();
  return (slug: string) => actor.send({ type: 'OPEN', slug });
}
