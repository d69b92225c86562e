import type { FormEvent, RefObject } from 'react';
import { Dialog, FormContext, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { Button } from '../../components/ui/Button';
import { Form } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import type { LinkEditorEvent } from '../../../machines/linkEditor/linkEditor.machine';
import type { selectLinkEditorView } from '../../../machines/linkEditor/linkEditor.selectors';
import { editorMessages as m } from './editorMessages';

export interface LinkPopoverProps {
  /** The link machine's view-model (machines/linkEditor). */
  view: ReturnType<typeof selectLinkEditorView>;
  send: (event: LinkEditorEvent) => void;
  triggerRef: RefObject<HTMLElement | null>;
}

/**
 * Under the toolbar's link button: the form asking for a link's address (machines/linkEditor decides what a
 * save does), or the alert asking to select text first. What is typed is read leniently ("exemple.fr",
 * "nom@exemple.fr") but only web and e-mail addresses are saved; otherwise the form says why and does nothing.
 */
export function LinkPopover({ view, send, triggerRef }: LinkPopoverProps) {
  const intl = useIntl();
  const isOpen = view.isEditing || view.isAlerting;
  return (
    <Popover aria-label={intl.formatMessage(m.linkDialog)} className="rich-text__popover rich-text__popover--link" isOpen={isOpen} onOpenChange={(open) => !open && send({ type: 'CANCEL' })} triggerRef={triggerRef} placement="bottom start">
      {/* The editor usually sits in a form: react-aria would hand that form's props (its onSubmit!) to this
          one through FormContext, so pressing Enter here would save the page. This form stands alone. */}
      <FormContext.Provider value={null}>
        {view.isAlerting && (
          <Dialog role="alertdialog" className="rich-text__link-dialog stack" aria-label={intl.formatMessage(m.linkDialog)} data-testid="editor-link-alert">
            <p>{intl.formatMessage(m.linkSelectFirst)}</p>
            <div className="rich-text__link-actions">
              <Button size="sm" autoFocus onPress={() => send({ type: 'CANCEL' })} data-testid="editor-link-alert-ok">
                {intl.formatMessage(m.linkSelectFirstOk)}
              </Button>
            </div>
          </Dialog>
        )}
        {view.isEditing && <LinkForm view={view} send={send} />}
      </FormContext.Provider>
    </Popover>
  );
}

function LinkForm({ view, send }: Pick<LinkPopoverProps, 'view' | 'send'>) {
  const intl = useIntl();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React events bubble through portals: the page's form around the editor must not see this submit.
    event.stopPropagation();
    send({ type: 'SAVE' });
  };
  return (
    <Dialog className="rich-text__link-dialog" aria-label={intl.formatMessage(m.linkDialog)} data-testid="editor-link-dialog">
      <Form className="stack" onSubmit={onSubmit}>
        <TextField
          name="href"
          label={intl.formatMessage(m.linkAddress)}
          description={intl.formatMessage(m.linkHint)}
          value={view.input}
          onChange={(value) => send({ type: 'INPUT', value })}
          errorMessage={view.showError ? intl.formatMessage(m.linkInvalid) : undefined}
          autoFocus
          inputMode="url"
          autoComplete="off"
        />
        <div className="rich-text__link-actions">
          {view.canRemove && (
            <Button variant="ghost" size="sm" onPress={() => send({ type: 'REMOVE' })} data-testid="editor-link-remove">
              {intl.formatMessage(m.linkRemove)}
            </Button>
          )}
          <Button variant="secondary" size="sm" onPress={() => send({ type: 'CANCEL' })}>
            {intl.formatMessage(m.linkCancel)}
          </Button>
          <Button type="submit" size="sm" data-testid="editor-link-apply">
            {intl.formatMessage(m.linkApply)}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
