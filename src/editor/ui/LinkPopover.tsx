import { useState, type FormEvent, type RefObject } from 'react';
import { Dialog, FormContext, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { Button } from '../../components/ui/Button';
import { Form } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { hrefFromInput } from '../safeHref';
import { editorMessages as m } from './editorMessages';

export interface LinkPopoverProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
  /** Address of the link being edited, '' for a new one. */
  currentHref: string;
  onApply: (href: string) => void;
  onRemove: () => void;
}

/**
 * The small dialog asking for a link's address, under the toolbar's link button. What is typed is read
 * leniently ("exemple.fr", "nom@exemple.fr") but only web and e-mail addresses are accepted.
 */
export function LinkPopover({ isOpen, onOpenChange, triggerRef, currentHref, onApply, onRemove }: LinkPopoverProps) {
  return (
    <Popover className="rich-text__popover" isOpen={isOpen} onOpenChange={onOpenChange} triggerRef={triggerRef} placement="bottom start">
      {/* The editor usually sits in a form: react-aria would hand that form's props (its onSubmit!) to this
          one through FormContext, so pressing Enter here would save the page. This form stands alone. */}
      <FormContext.Provider value={null}>
        {/* Mounted per opening, so the field starts from the current link each time. */}
        {isOpen && <LinkForm currentHref={currentHref} onApply={onApply} onRemove={onRemove} onCancel={() => onOpenChange(false)} />}
      </FormContext.Provider>
    </Popover>
  );
}

function LinkForm({ currentHref, onApply, onRemove, onCancel }: { currentHref: string; onApply: (href: string) => void; onRemove: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const [input, setInput] = useState(currentHref);
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React events bubble through portals: the page's form around the editor must not see this submit.
    event.stopPropagation();
    const href = hrefFromInput(input);
    if (href === null) setInvalid(true);
    else onApply(href);
  };

  return (
    <Dialog className="rich-text__link-dialog" aria-label={intl.formatMessage(m.linkDialog)} data-testid="editor-link-dialog">
      <Form className="stack" onSubmit={onSubmit}>
        <TextField
          name="href"
          label={intl.formatMessage(m.linkAddress)}
          description={intl.formatMessage(m.linkHint)}
          value={input}
          onChange={(value) => {
            setInput(value);
            setInvalid(false);
          }}
          errorMessage={invalid ? intl.formatMessage(m.linkInvalid) : undefined}
          autoFocus
          inputMode="url"
          autoComplete="off"
        />
        <div className="rich-text__link-actions">
          {currentHref !== '' && (
            <Button variant="ghost" size="sm" onPress={onRemove} data-testid="editor-link-remove">
              {intl.formatMessage(m.linkRemove)}
            </Button>
          )}
          <Button variant="secondary" size="sm" onPress={onCancel}>
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
