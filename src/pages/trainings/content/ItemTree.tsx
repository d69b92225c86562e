import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useInspectedMachine } from '../../../app/inspector';
import { FolderPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Failure } from '../../../../shared/failure';
import { createItemCreationActors } from '../../../../machines/itemCreation/itemCreation.actors';
import { itemCreationMachine } from '../../../../machines/itemCreation/itemCreation.machine';
import { selectItemCreationView } from '../../../../machines/itemCreation/itemCreation.selectors';
import { type Creator, type PromptedItemType } from '../../../../machines/itemCreation/itemTypes';
import { createTreeDialogsActors } from '../../../../machines/treeDialogs/treeDialogs.actors';
import { treeDialogsMachine } from '../../../../machines/treeDialogs/treeDialogs.machine';
import { selectTreeDialogsView } from '../../../../machines/treeDialogs/treeDialogs.selectors';
import { toFailure } from '../../../api/failure';
import { trainingItemsApi, type TrainingItemNode } from '../../../api/trainingItemsApi';
import { AuthActor } from '../../../app/auth';
import { ConnectivityActor } from '../../../app/connectivity';
import { isGlobalFailure, reportFailure } from '../../../app/failureReporter';
import { openWindow } from '../../../app/openWindow';
import { UpgradeConfirm } from '../../../components/UpgradeConfirm';
import { useReorder } from '../../../components/useReorder';
import { useConfirmedDeletion } from '../../../components/catalogue/DeleteConfirm';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { showToast } from '../../../components/ui/toastQueue';
import { trainingQuery, type Training } from '../../../api/trainingsApi';
import { contentMessages as m } from './contentMessages';
import { DeleteEntryConfirm, type EntryToDelete } from './DeleteEntryConfirm';
import { DuplicateDialog } from './DuplicateDialog';
import { EntryDialog } from './EntryDialog';
import { ItemTitleDialog } from './ItemTitleDialog';
import { editorPath, previewPath } from './itemTypeView';
import { arrange, firstPaintEntries, moveBefore, orderOf, placements, stepMove } from './outline';
import { PreviewTokenProvider, usePreviewToken } from './PreviewToken';
import { PublishConfirm } from './PublishConfirm';
import { readPublishConfirm, storeConfirmCount, storeHideConfirm } from './publishConfirmStorage';
import { ScormDialog } from './ScormDialog';
import { TreeControllerContext, type TreeAction, type TreeController, type TreeSettings } from './treeController';
import { TreeItemRow, TreeSection } from './TreeRows';
import { useSortableList, type TreeDrop } from './useSortableList';
import { useWideScreen } from './useWideScreen';
import './itemTree.css';

const isFailure = (error: unknown): error is Failure => typeof error === 'object' && error !== null && 'status' in error && 'fieldErrors' in error;

/** Spec section 6: the roles that edit a training's content (a platform admin too); ANALYST and STAFF read. */
const EDITOR_ROLES = ['OWNER', 'ADMIN', 'TEACHER'] as const;

/** Reports what no dialog explains (no answer, 5xx…) to the shell's catalogue, and fails the call unchanged. */
const reportingGlobal = <T,>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    if (isFailure(error) && isGlobalFailure(error)) reportFailure(error);
    throw error;
  });

/**
 * The content tab of a training: its item tree. Editors get the preview token (held while the tab is open);
 * everyone else reads the tree.
 */
export function ItemTree({ training }: { training: Training }) {
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  if (!user) return null;
  const canEdit = user.is_admin || (EDITOR_ROLES as readonly string[]).includes(user.role);
  const tree = <TreeBody training={training} canEdit={canEdit} plan={user.store.plan} isPlatformAdmin={user.is_admin} subdomain={user.store.subdomain} />;
  return canEdit ? <PreviewTokenProvider storeUuid={user.store.uuid}>{tree}</PreviewTokenProvider> : tree;
}

function TreeBody({
  training,
  canEdit,
  plan,
  isPlatformAdmin,
  subdomain,
}: {
  training: Training;
  canEdit: boolean;
  plan: Creator['plan'];
  isPlatformAdmin: boolean;
  /** The store's school, where a preview opens (the preview token is the store's). */
  subdomain: string;
}) {
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

  // ── The dialogs (section, rename, duplicate elsewhere, SCORM and its upgrade offer, publish), the one-click duplicate
  //    and putting back to draft. The browser's confirm count and hide-confirm flag are read once, here.
  const [storedConfirm] = useState(readPublishConfirm);
  const latestIntl = useRef(intl);
  useLayoutEffect(() => {
    latestIntl.current = intl;
  });
  const dialogsLogic = useMemo(() => {
    const noticeFailure = (failure: Failure) => {
      if (isFailure(failure) && !isGlobalFailure(failure)) showToast({ title: latestIntl.current.formatMessage(m.actionFailed, { reason: failure.message }), variant: 'error' });
    };
    return treeDialogsMachine.provide({
        actors: createTreeDialogsActors({
          saveEntry: ({ mode, values }, signal) => {
            const name = values.name.trim();
            if (mode.kind === 'newSection') return reportingGlobal(trainingItemsApi.create(uuid, { type: 'SECTION', name, parent_id: null, draft: values.draft }, signal));
            return reportingGlobal(trainingItemsApi.update(uuid, mode.node.id, mode.kind === 'editSection' ? { name, draft: values.draft } : { name }, signal));
          },
          duplicate: ({ node, target }, signal) => reportingGlobal(trainingItemsApi.duplicate(uuid, node.id, target?.uuid ?? null, signal)),
          // `draft` alone: no version, so a publish from the tree never conflicts with an editor's save.
          setDraft: ({ node, draft }, signal) => reportingGlobal(trainingItemsApi.update(uuid, node.id, { draft }, signal)),
        }),
        actions: {
          entrySaved: () => refresh(),
          duplicated: (_, { node }) => {
            refresh();
            showToast({ title: latestIntl.current.formatMessage(m.duplicated, { name: node.name }), variant: 'success' });
          },
          // No form to show it on: the answer of the server (plan, not found…) becomes a notice; the shell has the rest.
          duplicateFailed: (_, { failure }) => noticeFailure(failure),
          draftChanged: (_, { node, draft }) => {
            refresh();
            showToast({ title: latestIntl.current.formatMessage(draft ? m.unpublished : m.published, { name: node.name }), variant: 'success' });
          },
          draftFailed: (_, { failure }) => noticeFailure(failure),
          storeConfirmCount: (_, { count }) => storeConfirmCount(count),
          storeHideConfirm: () => storeHideConfirm(),
          duplicatedElsewhere: (_, { node, target }) => showToast({ title: latestIntl.current.formatMessage(m.duplicatedElsewhere, { name: node.name, training: target.name }), variant: 'success' }),
          scormAdded: (_, { name }) => {
            showToast({ title: latestIntl.current.formatMessage(m.scormDone, { name }), variant: 'success' });
            refresh();
          },
        },
      });
  }, [uuid, refresh]);
  const [dialogsSnapshot, sendDialog] = useInspectedMachine(dialogsLogic, { input: { creator, ...storedConfirm } });
  const dialogs = selectTreeDialogsView(dialogsSnapshot);

  const deletion = useConfirmedDeletion<EntryToDelete>({
    remove: ({ node }, signal) => trainingItemsApi.remove(uuid, node.id, signal),
    onDeleted: ({ node }) => {
      refresh();
      showToast({ title: intl.formatMessage(m.deleted, { name: node.name }), variant: 'success' });
    },
  });
  const popupBlocked = () => connectivity.send({ type: 'POPUP_BLOCKED' });
  const handlers = {
    run(action: TreeAction) {
      switch (action.kind) {
        case 'add':
          if (action.itemType === 'SCORM') sendDialog({ type: 'ADD_SCORM', section: action.section });
          else sendCreation({ type: 'OPEN', itemType: action.itemType as PromptedItemType, parentId: action.section.id });
          return;
        case 'edit':
          sendDialog({ type: 'EDIT', node: action.node });
          return;
        case 'duplicate':
          sendDialog({ type: 'DUPLICATE', node: action.node });
          return;
        case 'duplicateElsewhere':
          sendDialog({ type: 'DUPLICATE_ELSEWHERE', node: action.node });
          return;
        case 'publish':
          sendDialog({ type: 'PUBLISH', node: action.node });
          return;
        case 'unpublish':
          sendDialog({ type: 'UNPUBLISH', node: action.node });
          return;
        case 'delete': {
          const entry = entries.find((e) => e.node.id === action.node.id);
          deletion.ask({ node: action.node, itemCount: entry?.children?.length ?? 0 });
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
          if (token) openWindow(previewPath(subdomain, training.uuid, action.node.id, token), popupBlocked);
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

  // The entries of the first screen draw their items at once; the sections after them when scrolled near (outline.ts).
  const firstScreen = firstPaintEntries(entries);
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
          {/* Publishing without the dialog (hide-confirm flag) or putting back to draft: the call runs. */}
          {dialogs.settingDraftOf && !dialogs.publishConfirm && (
            <span className="item-tree__saving" role="status" data-testid="tree-draft-saving">
              <Spinner size="sm" aria-label={intl.formatMessage(m.saving2)} />
              {intl.formatMessage(m.saving2)}
            </span>
          )}
          {canEdit && !isEmpty && (
            <Button icon={<FolderPlus size={16} aria-hidden="true" />} onPress={() => sendDialog({ type: 'NEW_SECTION' })} data-testid="tree-add-section">
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
              <Button icon={<FolderPlus size={16} aria-hidden="true" />} onPress={() => sendDialog({ type: 'NEW_SECTION' })} data-testid="tree-add-first-section">
                {intl.formatMessage(m.addSection)}
              </Button>
            )}
          </div>
        )}
        {/* Always mounted: sortablejs binds to it once. */}
        <ul ref={topRef} className="item-tree__top" data-group-key="" data-testid="tree-top">
          {entries.map(({ node, children }, index) =>
            children ? (
              <TreeSection key={node.id} node={node} items={children} settings={settings} onDrop={onDrop} deferred={index >= firstScreen} />
            ) : (
              <TreeItemRow key={node.id} node={node} parentId={null} settings={settings} />
            ),
          )}
        </ul>
      </section>

      <ItemTitleDialog view={creation} send={sendCreation} />
      <UpgradeConfirm isOpen={creation.isUpgradeOffered} onOpenChange={(open) => !open && sendCreation({ type: 'CANCEL' })} />
      <UpgradeConfirm isOpen={dialogs.isUpgradeOffered} onOpenChange={(open) => !open && sendDialog({ type: 'CLOSE' })} />
      <EntryDialog view={dialogs} send={sendDialog} />
      <DuplicateDialog trainingUuid={uuid} view={dialogs} send={sendDialog} />
      <DeleteEntryConfirm deletion={deletion} />
      <PublishConfirm view={dialogs} send={sendDialog} />
      <ScormDialog trainingUuid={uuid} section={dialogs.scormSection} onClose={() => sendDialog({ type: 'CLOSE' })} onAdded={(name) => sendDialog({ type: 'SCORM_ADDED', name })} />
    </TreeControllerContext.Provider>
  );
}
