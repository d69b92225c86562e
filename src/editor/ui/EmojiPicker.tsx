import { useRef } from 'react';
import { Smile } from 'lucide-react';
import { Button, Dialog, FormContext, Header, Input, ListBox, ListBoxItem, ListBoxSection, Popover, SearchField } from 'react-aria-components';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Button as UiButton } from '../../components/ui/Button';
import type { EmojiGroupKey, EmojiPickerEvent } from '../../../machines/emojiPicker/emojiPicker.machine';
import type { selectEmojiPickerView } from '../../../machines/emojiPicker/emojiPicker.selectors';
import { Hint } from './EditorToolbar';
import { editorMessages as m } from './editorMessages';

const GROUP_LABELS: Record<EmojiGroupKey, MessageDescriptor> = {
  faces: m.emojiGroupFaces,
  gestures: m.emojiGroupGestures,
  people: m.emojiGroupPeople,
  morePeople: m.emojiGroupMorePeople,
  objects: m.emojiGroupObjects,
};

export interface EmojiPickerProps {
  /** The emoji machine's view-model (machines/emojiPicker). */
  view: ReturnType<typeof selectEmojiPickerView>;
  send: (event: EmojiPickerEvent) => void;
  isDisabled: boolean;
}

/**
 * The toolbar's emoji button and its dropdown: a search box and the spec's groups as a grid of options
 * (react-aria ListBox: arrow keys move in the grid, Enter or Space inserts, Escape closes).
 */
export function EmojiPicker({ view, send, isDisabled }: EmojiPickerProps) {
  const intl = useIntl();
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Hint label={m.emoji}>
        <Button
          ref={triggerRef}
          className="ui-icon-button rich-text__button"
          aria-label={intl.formatMessage(m.emoji)}
          aria-haspopup="dialog"
          aria-expanded={view.isOpen}
          isDisabled={isDisabled}
          onPress={() => send({ type: view.isOpen ? 'CLOSE' : 'OPEN' })}
          data-testid="editor-emoji"
        >
          <Smile size={18} aria-hidden focusable={false} />
        </Button>
      </Hint>
      <Popover aria-label={intl.formatMessage(m.emojiDialog)} className="rich-text__popover rich-text__popover--emoji" isOpen={view.isOpen} onOpenChange={(open) => !open && send({ type: 'CLOSE' })} triggerRef={triggerRef} placement="bottom start">
        <FormContext.Provider value={null}>
          <Dialog className="rich-text__emoji-dialog" aria-label={intl.formatMessage(m.emojiDialog)} data-testid="editor-emoji-dialog">
            <SearchField className="rich-text__emoji-search" aria-label={intl.formatMessage(m.emojiSearch)} value={view.query} onChange={(query) => send({ type: 'SEARCH', query })} autoFocus>
              <Input className="ui-input" placeholder={intl.formatMessage(m.emojiSearch)} data-testid="editor-emoji-search" />
            </SearchField>
            {view.isLoading && (
              <p className="rich-text__emoji-note" role="status">
                {intl.formatMessage(m.emojiLoading)}
              </p>
            )}
            {view.hasFailed && (
              <div className="rich-text__emoji-note" role="alert">
                <p>{intl.formatMessage(m.emojiFailed)}</p>
                <UiButton size="sm" variant="secondary" onPress={() => send({ type: 'RETRY' })}>
                  {intl.formatMessage(m.emojiRetry)}
                </UiButton>
              </div>
            )}
            {!view.isLoading && !view.hasFailed && (
              <ListBox
                className="rich-text__emoji-grid"
                aria-label={intl.formatMessage(m.emojiDialog)}
                layout="grid"
                selectionMode="none"
                onAction={(key) => send({ type: 'PICK', emoji: String(key) })}
                renderEmptyState={() => <p className="rich-text__emoji-note">{intl.formatMessage(m.emojiNone)}</p>}
                data-testid="editor-emoji-list"
              >
                {view.groups.map((group) => (
                  <ListBoxSection key={group.key} id={group.key} className="rich-text__emoji-section">
                    <Header className="rich-text__emoji-header">{intl.formatMessage(GROUP_LABELS[group.key])}</Header>
                    {group.emojis.map((emoji) => (
                      <ListBoxItem key={emoji.emoji} id={emoji.emoji} textValue={emoji.label} aria-label={emoji.label} className="rich-text__emoji">
                        {emoji.emoji}
                      </ListBoxItem>
                    ))}
                  </ListBoxSection>
                ))}
              </ListBox>
            )}
          </Dialog>
        </FormContext.Provider>
      </Popover>
    </>
  );
}
