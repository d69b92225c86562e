import { memo, useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import type { LessonEditorEvent } from '../../../../machines/lessonEditor/lessonEditor.machine';
import type { PendingBlock, PendingBlocks } from '../../../../machines/lessonEditor/lessonDocument';
import { isKnownType, type ContentBlock } from '../../../../shared/lessonBlocks';
import { blockTypeMessages } from '../../../blocks/blockMessages';
import { BlockEditor } from '../../../blocks/edit/BlockEditor';
import { BlockView } from '../../../blocks/render/BlockView';
import { Button } from '../../../components/ui/Button';
import { AddBlockButton, AddBlockPopover, type AddBlockTarget } from './AddBlockMenu';
import { blockLabelMessage, lessonEditorMessages as m } from './lessonEditorMessages';

interface Row {
  id: string;
  /** The block's place among the applied blocks (-1 for a new one). */
  appliedIndex: number;
  applied: ContentBlock | null;
  pending: PendingBlock | null;
}

/** The lesson as a list: applied blocks in order, each new block right after the block it follows. */
function rowsOf(blocks: readonly ContentBlock[], pending: PendingBlocks): Row[] {
  const fresh = Object.entries(pending).filter(([, block]) => block.isNew);
  const after = (id: string | null) => fresh.filter(([, block]) => block.after === id).map(([newId, block]): Row => ({ id: newId, appliedIndex: -1, applied: null, pending: block }));
  const rows: Row[] = [...after(null)];
  blocks.forEach((block, appliedIndex) => rows.push({ id: block.id, appliedIndex, applied: block, pending: pending[block.id] ?? null }, ...(fresh.length ? after(block.id) : [])));
  return rows;
}

/**
 * Blocks drawn in the first frame of a long lesson (a screen holds fewer): the others follow in a render React
 * may interrupt, so the page shows and answers before a 200-block lesson is all laid out.
 */
export const FIRST_PAINT_BLOCKS = 12;

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

export interface LessonBlockListProps {
  blocks: readonly ContentBlock[];
  pending: PendingBlocks;
  send: (event: LessonEditorEvent) => void;
  trainingUuid: string;
  isDisabled: boolean;
}

/**
 * The blocks of the lesson: each shows as the learner will see it, with Modifier / Monter / Descendre /
 * Supprimer; an open block shows its form with Valider / Annuler. "Ajouter un bloc" sits under every block
 * and at the end (keyboard: Tab to it, Enter, arrows, Enter).
 */
export function LessonBlockList({ blocks, pending, send, trainingUuid, isDisabled }: LessonBlockListProps) {
  const intl = useIntl();
  const rows = rowsOf(blocks, pending);
  // False in the first render only: then every block is drawn, in a render React may interrupt.
  const drawAll = useDeferredValue(true, false);
  const drawn = drawAll ? rows : rows.slice(0, FIRST_PAINT_BLOCKS);
  // Which "Ajouter un bloc" has the menu of block types open (the list has one menu for all its buttons).
  const [adding, setAdding] = useState<AddBlockTarget | null>(null);
  const openAdd = useCallback((target: AddBlockTarget) => setAdding(target), []);
  const lastId = blocks.at(-1)?.id ?? null;

  return (
    <section className="lesson-blocks" aria-label={intl.formatMessage(m.blocks)}>
      {rows.length === 0 && <p className="lesson-blocks__empty">{intl.formatMessage(m.empty)}</p>}
      <ol className="lesson-blocks__list">
        {drawn.map((row, index) => (
          <LessonBlockRow
            key={row.id}
            id={row.id}
            applied={row.applied}
            pending={row.pending}
            index={index}
            isFirst={row.appliedIndex === 0}
            isLast={row.appliedIndex === blocks.length - 1}
            send={send}
            trainingUuid={trainingUuid}
            isDisabled={isDisabled}
            isAddOpen={adding !== null && !adding.atEnd && adding.after === row.id}
            onOpenAdd={openAdd}
          />
        ))}
      </ol>
      {(rows.length === 0 || rows.at(-1)?.applied === null) && <AddBlockButton after={lastId} isDisabled={isDisabled} isOpen={adding?.atEnd === true} onOpen={openAdd} />}
      <AddBlockPopover target={adding} onAdd={(blockType, after) => send({ type: 'ADD_BLOCK', id: newId(), blockType, after })} onClose={() => setAdding(null)} />
    </section>
  );
}

interface LessonBlockRowProps extends Omit<Row, 'appliedIndex'> {
  index: number;
  isFirst: boolean;
  isLast: boolean;
  send: (event: LessonEditorEvent) => void;
  trainingUuid: string;
  isDisabled: boolean;
  /** This block's "Ajouter un bloc" has the menu open. */
  isAddOpen: boolean;
  onOpenAdd: (target: AddBlockTarget) => void;
}

/**
 * A tool of a closed block (Modifier, Monter, Descendre, Supprimer): a plain button drawn like the kit's small ghost
 * Button. A 200-block lesson shows 800 of them; react-aria's Button (press events, hover, focus ring state) made
 * them most of the lesson's opening time, and a native button gives the same keyboard and screen-reader behaviour.
 */
function RowTool({ label, onPress, isDisabled, children }: { label: string; onPress: () => void; isDisabled: boolean; children: ReactNode }) {
  return (
    <button type="button" className="ui-button ui-button--ghost ui-button--sm lesson-plain-button" aria-label={label} disabled={isDisabled} data-disabled={isDisabled || undefined} onClick={onPress}>
      <span className="ui-button__label">{children}</span>
    </button>
  );
}

/**
 * One block of the list. Memoised: typing in an open block changes only that block's pending copy (the machine
 * keeps every other block's object as it was), so a keystroke renders one row, not the whole lesson.
 */
const LessonBlockRow = memo(function LessonBlockRow({ id, applied, pending, index, isFirst, isLast, send, trainingUuid, isDisabled, isAddOpen, onOpenAdd }: LessonBlockRowProps) {
  const intl = useIntl();
  const typeName = (type: string) => (isKnownType(type) ? intl.formatMessage(blockTypeMessages[type]) : type);
  const label = intl.formatMessage(blockLabelMessage, { index: index + 1, type: typeName(pending?.type ?? applied!.type) });
  return (
    <li className="lesson-block" data-open={pending ? true : undefined} data-testid="lesson-block" aria-label={label}>
      <div className="lesson-block__bar">
        <span className="lesson-block__type">{pending?.isNew ? `${intl.formatMessage(m.newBlock)} · ${typeName(pending.type)}` : typeName(applied!.type)}</span>
        {applied && !pending && (
          <span className="lesson-block__tools">
            {isKnownType(applied.type) && (
              <RowTool onPress={() => send({ type: 'EDIT_BLOCK', id })} isDisabled={isDisabled} label={`${intl.formatMessage(m.edit)} (${label})`}>
                <Pencil size={16} aria-hidden="true" />
                <span className="lesson-block__tool-text">{intl.formatMessage(m.edit)}</span>
              </RowTool>
            )}
            <RowTool onPress={() => send({ type: 'MOVE_BLOCK', id, direction: 'up' })} isDisabled={isDisabled || isFirst} label={`${intl.formatMessage(m.moveUp)} (${label})`}>
              <ArrowUp size={16} aria-hidden="true" />
            </RowTool>
            <RowTool onPress={() => send({ type: 'MOVE_BLOCK', id, direction: 'down' })} isDisabled={isDisabled || isLast} label={`${intl.formatMessage(m.moveDown)} (${label})`}>
              <ArrowDown size={16} aria-hidden="true" />
            </RowTool>
            <RowTool onPress={() => send({ type: 'REMOVE_BLOCK', id })} isDisabled={isDisabled} label={`${intl.formatMessage(m.remove)} (${label})`}>
              <Trash2 size={16} aria-hidden="true" />
            </RowTool>
          </span>
        )}
      </div>
      {pending ? (
        <form
          className="lesson-block__form stack"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'APPLY_BLOCK', id });
          }}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Entrée validates, Échap cancels, from any field of the block.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              send({ type: 'APPLY_BLOCK', id });
            } else if (event.key === 'Escape' && !event.defaultPrevented) {
              event.preventDefault();
              send({ type: 'CANCEL_BLOCK', id });
            }
          }}
        >
          <BlockEditor type={pending.type} data={pending.data} problems={pending.problems} trainingUuid={trainingUuid} onChange={(data) => send({ type: 'CHANGE_BLOCK', id, data })} />
          <div className="lesson-block__actions">
            <Button type="submit" size="sm" isDisabled={isDisabled}>
              {intl.formatMessage(m.apply)}
            </Button>
            <Button variant="secondary" size="sm" onPress={() => send({ type: 'CANCEL_BLOCK', id })}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </div>
        </form>
      ) : (
        <BlockView block={applied!} />
      )}
      {applied && <AddBlockButton after={id} compact isDisabled={isDisabled} isOpen={isAddOpen} onOpen={onOpenAdd} />}
    </li>
  );
});
