import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useInspectedMachine } from '../../../app/inspector';
import { FolderPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Failure } from '../../../../machines/auth/auth.types';
import { createItemCreationActors } from '../../../../machines/itemCreation/itemCreation.actors';
import { itemCreationMachine } from '../../../../machines/itemCreation/itemCreation.machine';
import { selectItemCreationView } from '../../../../machines/itemCreation/itemCreation.selectors';
import { isTypeAllowed, type Creator, type PromptedItemType } from '../../../../machines/itemCreation/itemTypes';
import { toFailure } from '../../../api/failure';
import { trainingItemsApi, type TrainingItemNode } from '../../../api/trainingItemsApi';
import { AuthActor } from '../../../app/auth';
import { ConnectivityActor } from '../../../app/connectivity';
import { isGlobalFailure } from '../../../app/failureReporter';
import { openWindow } from '../../../app/openWindow';
import { useRequest } from '../../../app/useRequest';
import { UpgradeConfirm, useUpgradeConfirm } from '../../../components/UpgradeConfirm';
import { useReorder } from '../../../components/useReorder';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { showToast } from '../../../components/ui/toastQueue';
import { trainingQuery, type Training } from '../training/trainingQuery';
import { contentMessages as m } from './contentMessages';
import { DeleteEntryConfirm } from './DeleteEntryConfirm';
import { DuplicateDialog } from './DuplicateDialog';
import { EntryDialog, type EntryDialogMode } from './EntryDialog';
import { ItemTitleDialog } from './ItemTitleDialog';
import { editorPath, previewPath } from './itemTypeView';
import { arrange, moveBefore, orderOf, placements, stepMove } from './outline';
import { PreviewTokenProvider, usePreviewToken } from './PreviewToken';
import { ScormDialog } from './ScormDialog';
import { TreeControllerContext, type TreeAction, type TreeController, type TreeSettings } from './treeController';
import { TreeItemRow, TreeSection } from './TreeRows';
import { useSortableList, type TreeDrop } from './useSortableList';
import { useWideScreen } from './useWideScreen';
import './itemTree.css';

const isFailure = (error: unknown): error is Failure => typeof error === 'object' && error !== null && 'status' in error && 'fieldErrors' in error;

/** Spec section 6: the roles that edit a training's content (a platform admin too); ANALYST and STAFF read. */
const EDITOR_ROLES = ['OWNER', 'ADMIN', 'TEACHER'] as const;

/** The dialog open over the tree, if any (presentational: which dialog, for which entry). */
type OpenDialog =
  | { kind: 'entry'; mode: EntryDialogMode }
  | { kind: 'duplicateElsewhere'; node: TrainingItemNode }
  | { kind: 'delete'; node: TrainingItemNode; itemCount: number }
  | { kind: 'scorm'; section: TrainingItemNode };

/**
 * The content tab of a training: its item tree. Editors get the preview token (held while the tab is open);
 * everyone else reads the tree.
 */
export function ItemTree({ training }: { training: Training }) {
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  if (!user) return null;
  const canEdit = user.is_admin || (EDITOR_ROLES as readonly string[]).includes(user.role);
  const tree = <TreeBody training={training} canEdit={canEdit} plan={user.store.plan} isPlatformAdmin={user.is_admin} />;
  return canEdit ? <PreviewTokenProvider storeUuid={user.store.uuid}>{tree}</PreviewTokenProvider> : tree;
}

function TreeBody({ training, canEdit, plan, isPlatformAdmin }: { training: Training; canEdit: boolean; plan: Creator['plan']; isPlatformAdmin: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connectivity = ConnectivityActor.useActorRef();
  const preview = usePreviewToken();
  const wide = useWideScreen();
  const uuid = training.uuid;
  const queryKey = trainingQuery(uuid).queryKey;

  const creator = useMemo<Creator>(() => ({ plan, isPlatformAdmin }), [plan, isPlatformAdmin]);
  const settings = useMemo<TreeSettings>(() => ({ trainingUuid: uuid, canEdit, canDrag: canEdit && wide, creator }), [uuid, canEdit, wide, creator]);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  // ── Reordering: the optimistic machine (shared hook), saved as the whole outline; the answer becomes the cached outline.
  const reorder = useReorder({
    order: orderOf(training.items),
    // TanStack Query keeps `items` identical until the server's outline changes.
    syncKey: training.items,
    save: async ({ order }, signal) => {
      const outline = await trainingItemsApi.reorder(uuid, placements(order), signal);
      queryClient.setQueryData(queryKey, (old) => (old ? { ...old, items: outline } : old));
    },
    onFailure: refresh,
  });
  const entries = useMemo(() => arrange(reorder.order, training.items), [reorder.order, training.items]);
  // Stable handlers (drops, menus) read the order shown and move through the latest hook result.
  const shown = useRef(reorder);
  useLayoutEffect(() => {
    shown.current = reorder;
  });
  const onDrop = useCallback((drop: TreeDrop) => shown.current.move(moveBefore(shown.current.order, drop.id, drop.toKey, drop.beforeId)), []);
  const topRef = useRef<HTMLUListElement>(null);
  useSortableList(topRef, null, settings.canDrag, onDrop);

  // ── Creating a lesson, video, quiz, task list or assignment: title prompt, then its editor after 800 ms.
  const creationLogic = useMemo(
    () =>
      itemCreationMachine.provide({
        actors: createItemCreationActors({
          createItem: async ({ type, name, parentId }, signal) => {
            const item = await trainingItemsApi.create(uuid, { type, name, parent_id: parentId, draft: true }, signal);
            return { id: item.id, type, parentId: item.parent_id };
          },
        }),
        actions: {
          itemCreated: () => refresh(),
          navigateToEditor: (_, { item }) => void navigate(editorPath(uuid, item.type, item.id, item.parentId) ?? `/formations/${uuid}`),
        },
      }),
    [uuid, refresh, navigate],
  );
  const [creationSnapshot, sendCreation] = useInspectedMachine(creationLogic, { input: creator });
  const creation = selectItemCreationView(creationSnapshot);
  const scormUpgrade = useUpgradeConfirm();

  // ── Dialogs and one-click actions.
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const closeAndRefresh = useCallback(() => {
    setDialog(null);
    refresh();
  }, [refresh]);
  const duplicate = useRequest(async (node: TrainingItemNode, signal) => {
    try {
      await trainingItemsApi.duplicate(uuid, node.id, null, signal);
    } catch (error) {
      // No form to show it on: the answer of the server (plan, not found…) becomes a notice; the shell has the rest.
      if (isFailure(error) && !isGlobalFailure(error)) showToast({ title: intl.formatMessage(m.actionFailed, { reason: error.message }), variant: 'error' });
      throw error;
    }
    refresh();
    showToast({ title: intl.formatMessage(m.duplicated, { name: node.name }), variant: 'success' });
  });

  const popupBlocked = () => connectivity.send({ type: 'POPUP_BLOCKED' });
  const handlers = {
    run(action: TreeAction) {
      switch (action.kind) {
        case 'add':
          if (action.itemType === 'SCORM') {
            if (isTypeAllowed('SCORM', creator)) setDialog({ kind: 'scorm', section: action.section });
            else scormUpgrade.open();
          } else sendCreation({ type: 'OPEN', itemType: action.itemType as PromptedItemType, parentId: action.section.id });
          return;
        case 'edit':
          setDialog({ kind: 'entry', mode: action.node.type === 'SECTION' ? { kind: 'editSection', node: action.node } : { kind: 'renameItem', node: action.node } });
          return;
        case 'duplicate':
          duplicate.submit(action.node);
          return;
        case 'duplicateElsewhere':
          setDialog({ kind: 'duplicateElsewhere', node: action.node });
          return;
        case 'delete': {
          const entry = entries.find((e) => e.node.id === action.node.id);
          setDialog({ kind: 'delete', node: action.node, itemCount: entry?.children?.length ?? 0 });
          return;
        }
        case 'move': {
          const next = stepMove(shown.current.order, String(action.node.id), action.direction);
          if (next) reorder.move(next);
          return;
        }
        case 'preview': {
          // The window opens in the click itself (a window opened after a wait is taken for a pop-up).
          const token = preview.take();
          if (token) openWindow(previewPath(training.slug, action.node.id, token), popupBlocked);
          else showToast({ title: intl.formatMessage(m.previewFailed), variant: 'error' });
          return;
        }
        case 'openScorm': {
          // Opened blank in the click, then sent to the package's launch address once it is known.
          const opened = openWindow('about:blank', popupBlocked);
          if (!opened) return;
          trainingItemsApi.get(uuid, action.node.id).then(
            (item) => (item.scorm_url ? opened.location.replace(item.scorm_url) : opened.close()),
            (error: unknown) => {
              opened.close();
              showToast({ title: intl.formatMessage(m.actionFailed, { reason: toFailure(error).message }), variant: 'error' });
            },
          );
          return;
        }
      }
    },
    canMove: (node: TrainingItemNode, direction: 'up' | 'down') => stepMove(shown.current.order, String(node.id), direction) !== null,
    canPreview: () => preview.available && preview.take() !== null,
  };
  // One stable controller for every row; it calls the handlers of the latest render.
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const controller = useMemo<TreeController>(
    () => ({
      run: (action) => latest.current.run(action),
      canMove: (node, direction) => latest.current.canMove(node, direction),
      canPreview: () => latest.current.canPreview(),
    }),
    [],
  );

  const itemCount = entries.reduce((count, entry) => count + (entry.children ? entry.children.length : 1), 0);
  const isEmpty = training.items.length === 0;

  return (
    <TreeControllerContext.Provider value={controller}>
      <section className="item-tree" aria-labelledby="item-tree-heading" data-testid="item-tree">
        <header className="item-tree__toolbar">
          <h2 id="item-tree-heading" className="item-tree__heading">
            {intl.formatMessage(m.heading)}
            {!isEmpty && <span className="item-tree__total">{intl.formatMessage(m.itemCount, { count: itemCount })}</span>}
          </h2>
          {reorder.isSaving && (
            <span className="item-tree__saving" role="status" data-testid="tree-saving">
              <Spinner size="sm" aria-label={intl.formatMessage(m.saving)} />
              {intl.formatMessage(m.saving)}
            </span>
          )}
          {canEdit && !isEmpty && (
            <Button icon={<FolderPlus size={16} aria-hidden="true" />} onPress={() => setDialog({ kind: 'entry', mode: { kind: 'newSection' } })} data-testid="tree-add-section">
              {intl.formatMessage(m.addSection)}
            </Button>
          )}
        </header>
        {!canEdit && <Banner variant="info">{intl.formatMessage(m.readOnly)}</Banner>}
        {canEdit && !wide && !isEmpty && <p className="item-tree__hint">{intl.formatMessage(m.dragNarrow)}</p>}
        {isEmpty && (
          <div className="empty-state item-tree__empty" data-testid="tree-empty">
            <h3 className="item-tree__empty-title">{intl.formatMessage(m.emptyTitle)}</h3>
            <p>{intl.formatMessage(canEdit ? m.emptyBody : m.emptyReadOnly)}</p>
            {canEdit && (
              <Button icon={<FolderPlus size={16} aria-hidden="true" />} onPress={() => setDialog({ kind: 'entry', mode: { kind: 'newSection' } })} data-testid="tree-add-first-section">
                {intl.formatMessage(m.addSection)}
              </Button>
            )}
          </div>
        )}
        {/* Always mounted: sortablejs binds to it once. */}
        <ul ref={topRef} className="item-tree__top" data-group-key="" data-testid="tree-top">
          {entries.map(({ node, children }) =>
            children ? (
              <TreeSection key={node.id} node={node} items={children} settings={settings} onDrop={onDrop} />
            ) : (
              <TreeItemRow key={node.id} node={node} parentId={null} settings={settings} />
            ),
          )}
        </ul>
      </section>

      <ItemTitleDialog view={creation} send={sendCreation} />
      <UpgradeConfirm isOpen={creation.isUpgradeOffered} onOpenChange={(open) => !open && sendCreation({ type: 'CANCEL' })} />
      <UpgradeConfirm isOpen={scormUpgrade.isOpen} onOpenChange={scormUpgrade.onOpenChange} />
      {dialog?.kind === 'entry' && <EntryDialog trainingUuid={uuid} mode={dialog.mode} onClose={close} onSaved={closeAndRefresh} />}
      {dialog?.kind === 'duplicateElsewhere' && (
        <DuplicateDialog
          trainingUuid={uuid}
          node={dialog.node}
          onClose={close}
          onDuplicated={(target) => {
            setDialog(null);
            showToast({ title: intl.formatMessage(m.duplicatedElsewhere, { name: dialog.node.name, training: target }), variant: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteEntryConfirm
          trainingUuid={uuid}
          node={dialog.node}
          itemCount={dialog.itemCount}
          onClose={close}
          onDeleted={() => {
            closeAndRefresh();
            showToast({ title: intl.formatMessage(m.deleted, { name: dialog.node.name }), variant: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'scorm' && <ScormDialog trainingUuid={uuid} section={dialog.section} onClose={close} onUploaded={closeAndRefresh} />}
    </TreeControllerContext.Provider>
  );
}
