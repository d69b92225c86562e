import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, EyeOff, FolderPlus, Home, Lock, MoreHorizontal, Pencil, Plus, Settings, Trash2 } from 'lucide-react';
import { Menu, MenuItem, MenuSeparator } from '../../components/ui/Menu';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { DragHandle, SortableList } from '../../components/SortableList';
import { useReorder } from '../../components/useReorder';
import { showToast } from '../../components/ui/toastQueue';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { flatIds, flatOrder, moveInOrder } from '../../../machines/reorder/reorder.order';
import { reorderSpacesBody, spacesOrder } from './spacesOrder';
import { DESKTOP, useMediaQuery } from '../../layouts/shell/useMediaQuery';
import type { Collection, Space } from '../../api/communityApi';
import { useCommunity } from './communityContext';
import { CollectionFormDialog } from './CollectionFormDialog';
import { SpaceFormDialog } from './SpaceFormDialog';
import { CommunitySettingsDialog } from './CommunitySettingsDialog';
import { NoAccessDialog } from './NoAccessDialog';

const m = {
  ...defineMessages({
  home: { id: 'community.home', defaultMessage: 'Accueil de la communauté' },
  admin: { id: 'community.menu.admin', defaultMessage: 'Gérer la communauté' },
  createSpace: { id: 'community.menu.createSpace', defaultMessage: 'Créer un espace' },
  createCollection: { id: 'community.menu.createCollection', defaultMessage: 'Créer une collection' },
  settings: { id: 'community.menu.settings', defaultMessage: 'Paramètres de la communauté' },
  spaces: { id: 'community.menu.spaces', defaultMessage: 'Espaces' },
  createSpaceIn: { id: 'community.menu.createSpaceIn', defaultMessage: 'Créer un espace dans la collection' },
  editCollection: { id: 'community.menu.editCollection', defaultMessage: 'Modifier' },
  deleteCollection: { id: 'community.menu.deleteCollection', defaultMessage: 'Supprimer' },
  locked: { id: 'community.menu.locked', defaultMessage: 'Accès réservé aux membres' },
  hidden: { id: 'community.menu.hidden', defaultMessage: 'Masqué' },
  draft: { id: 'community.menu.draft', defaultMessage: 'Brouillon' },
  loading: { id: 'community.menu.loading', defaultMessage: 'Chargement des espaces…' },
  failed: { id: 'community.menu.failed', defaultMessage: 'Les espaces n’ont pas pu être chargés.' },
  retry: { id: 'community.menu.retry', defaultMessage: 'Réessayer' },
  empty: { id: 'community.menu.empty', defaultMessage: 'Aucun espace pour le moment.' },
  reordered: { id: 'community.menu.reordered', defaultMessage: 'Ordre enregistré' },
  deleteBody: { id: 'community.collection.deleteBody', defaultMessage: 'Ses espaces sont conservés et deviennent indépendants.' },
  deleteConfirm: { id: 'community.collection.deleteConfirm', defaultMessage: 'Supprimer' },
  deleting: { id: 'community.collection.deleting', defaultMessage: 'Suppression…' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
  deleted: { id: 'community.collection.deleted', defaultMessage: 'Collection supprimée' },
  }),
  collectionActions: defineMessage<{ name: string }>({ id: 'community.menu.collectionActions', defaultMessage: 'Actions de la collection {name}' }),
  spaceCount: defineMessage<{ count: number }>({ id: 'community.menu.spaceCount', defaultMessage: '{count, plural, one {# espace} other {# espaces}}' }),
  deleteTitle: defineMessage<{ name: string }>({ id: 'community.collection.deleteTitle', defaultMessage: 'Supprimer la collection « {name} » ?' }),
};

type Dialog = { kind: 'space'; collection: string | null } | { kind: 'collection'; collection: Collection | null } | { kind: 'settings' } | null;

/**
 * The community's side menu: home, standalone spaces, collections (space count, collapsible, their actions), the
 * managers' dropdown. Spaces and collections reorder by drag and drop (machines/reorder through useReorder):
 * the new order shows at once and rolls back if the server refuses; off on touch screens under 1024 px and
 * without manage rights.
 */
export function CommunityMenu({ onNavigate }: { onNavigate?: () => void }) {
  const intl = useIntl();
  const { api, viewer, paths } = useCommunity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const collectionsQuery = useQuery(api.queries.collections());
  const spacesQuery = useQuery(api.queries.spaces());
  const desktop = useMediaQuery(DESKTOP);
  const coarse = useMediaQuery('(pointer: coarse)');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [noAccess, setNoAccess] = useState(false);

  const collections = collectionsQuery.data?.data ?? [];
  const spaces = spacesQuery.data?.data ?? [];
  const byUuid = new Map(spaces.map((space) => [space.uuid, space]));
  const canDrag = viewer.isManager && !(coarse && !desktop);
  const saved = () => showToast({ title: intl.formatMessage(m.reordered), variant: 'success' });

  const collectionsReorder = useReorder({
    order: flatOrder(collections.map((collection) => collection.uuid)),
    syncKey: collectionsQuery.dataUpdatedAt,
    save: async ({ order }, signal) => {
      await api.reorderCollections(flatIds(order), signal);
      saved();
    },
    onFailure: () => void collectionsQuery.refetch(),
  });
  const spacesReorder = useReorder({
    order: spacesOrder(collections, spaces),
    syncKey: `${spacesQuery.dataUpdatedAt}:${collectionsQuery.dataUpdatedAt}`,
    save: async ({ order }, signal) => {
      await api.reorderSpaces(reorderSpacesBody(order), signal);
      saved();
      void api.refreshMenu(queryClient);
    },
    onFailure: () => void api.refreshMenu(queryClient),
  });

  const deletion = useConfirmedDeletion<Collection>({
    remove: (collection, signal) => api.deleteCollection(collection.uuid, signal),
    onDeleted: () => {
      showToast({ title: intl.formatMessage(m.deleted), variant: 'success' });
      return api.refreshMenu(queryClient);
    },
  });

  const spaceGroup = (key: string | null) => spacesReorder.order.find((group) => group.key === key)?.ids ?? [];
  const moveSpace = (from: Parameters<typeof moveInOrder>[1], to: Parameters<typeof moveInOrder>[2]) => spacesReorder.move(moveInOrder(spacesReorder.order, from, to));

  const spaceList = (key: string | null) => (
    <SortableList
      groupKey={key}
      group="community-spaces"
      disabled={!canDrag}
      handle="[data-drag-handle]"
      onMove={moveSpace}
      className="community-menu__spaces"
      data-testid={key === null ? 'community-standalone-spaces' : `community-collection-spaces-${key}`}
    >
      {spaceGroup(key).map((uuid) => {
        const space = byUuid.get(uuid);
        if (!space) return null;
        return <SpaceLink key={uuid} space={space} canDrag={canDrag} onNavigate={onNavigate} onNoAccess={() => setNoAccess(true)} />;
      })}
    </SortableList>
  );

  const openSpaceDialog = (collection: string | null) => setDialog({ kind: 'space', collection });

  return (
    <div className="community-menu" data-testid="community-menu">
      <div className="community-menu__top">
        <NavLink to={paths.home} end className="shell-drawer__link" onClick={onNavigate}>
          <Home size={18} aria-hidden="true" /> {intl.formatMessage(m.home)}
        </NavLink>
        {viewer.isManager && (
          <Menu
            aria-label={intl.formatMessage(m.admin)}
            placement="bottom start"
            trigger={
              <Button variant="ghost" size="sm" icon={<Settings size={16} aria-hidden="true" />} data-testid="community-admin-menu">
                {intl.formatMessage(m.admin)}
              </Button>
            }
          >
            <MenuItem icon={<Plus size={16} aria-hidden="true" />} onAction={() => openSpaceDialog(null)} data-testid="community-create-space">
              {intl.formatMessage(m.createSpace)}
            </MenuItem>
            <MenuItem icon={<FolderPlus size={16} aria-hidden="true" />} onAction={() => setDialog({ kind: 'collection', collection: null })} data-testid="community-create-collection">
              {intl.formatMessage(m.createCollection)}
            </MenuItem>
            <MenuSeparator />
            <MenuItem icon={<Settings size={16} aria-hidden="true" />} onAction={() => setDialog({ kind: 'settings' })}>
              {intl.formatMessage(m.settings)}
            </MenuItem>
          </Menu>
        )}
      </div>

      {spacesQuery.isPending || collectionsQuery.isPending ? (
        <p className="community-menu__note">
          <Spinner size="sm" aria-label={intl.formatMessage(m.loading)} /> {intl.formatMessage(m.loading)}
        </p>
      ) : spacesQuery.isError || collectionsQuery.isError ? (
        <div className="community-menu__note" role="alert">
          {intl.formatMessage(m.failed)}{' '}
          <Button variant="ghost" size="sm" onPress={() => void Promise.all([spacesQuery.refetch(), collectionsQuery.refetch()])}>
            {intl.formatMessage(m.retry)}
          </Button>
        </div>
      ) : (
        <>
          <h2 className="community-menu__heading">{intl.formatMessage(m.spaces)}</h2>
          {spaces.length === 0 && collections.length === 0 && <p className="community-menu__note">{intl.formatMessage(m.empty)}</p>}
          {spaceList(null)}
          <SortableList
            disabled={!canDrag}
            handle="[data-collection-handle]"
            onMove={(from, to) => collectionsReorder.move(moveInOrder(collectionsReorder.order, from, to))}
            className="community-menu__collections"
            data-testid="community-collections"
          >
            {flatIds(collectionsReorder.order).map((uuid) => {
              const collection = collections.find((c) => c.uuid === uuid);
              if (!collection) return null;
              const open = !collapsed.has(uuid);
              const count = spaceGroup(uuid).length;
              return (
                <li key={uuid} className="community-menu__collection" data-testid={`community-collection-${collection.name}`}>
                  <div className="community-menu__collection-head">
                    {canDrag && (
                      <span data-collection-handle>
                        <DragHandle />
                      </span>
                    )}
                    <button
                      type="button"
                      className="community-menu__collection-toggle"
                      aria-expanded={open}
                      onClick={() =>
                        setCollapsed((current) => {
                          const next = new Set(current);
                          if (open) next.add(uuid);
                          else next.delete(uuid);
                          return next;
                        })
                      }
                    >
                      <ChevronDown size={16} aria-hidden="true" className="community-menu__chevron" />
                      <span className="community-menu__collection-text">
                        <span className="community-menu__collection-name">{collection.name}</span>
                        <span className="community-menu__count">{intl.formatMessage(m.spaceCount, { count })}</span>
                      </span>
                    </button>
                    {viewer.isManager && (
                      <Menu
                        aria-label={intl.formatMessage(m.collectionActions, { name: collection.name })}
                        trigger={
                          <Button variant="ghost" size="sm" aria-label={intl.formatMessage(m.collectionActions, { name: collection.name })} icon={<MoreHorizontal size={16} aria-hidden="true" />} />
                        }
                      >
                        <MenuItem icon={<Plus size={16} aria-hidden="true" />} onAction={() => openSpaceDialog(uuid)}>
                          {intl.formatMessage(m.createSpaceIn)}
                        </MenuItem>
                        <MenuItem icon={<Pencil size={16} aria-hidden="true" />} onAction={() => setDialog({ kind: 'collection', collection })}>
                          {intl.formatMessage(m.editCollection)}
                        </MenuItem>
                        <MenuItem icon={<Trash2 size={16} aria-hidden="true" />} onAction={() => deletion.ask(collection)}>
                          {intl.formatMessage(m.deleteCollection)}
                        </MenuItem>
                      </Menu>
                    )}
                  </div>
                  <div hidden={!open}>{spaceList(uuid)}</div>
                </li>
              );
            })}
          </SortableList>
        </>
      )}

      <SpaceFormDialog
        isOpen={dialog?.kind === 'space'}
        onOpenChange={(open) => !open && setDialog(null)}
        space={null}
        collection={dialog?.kind === 'space' ? dialog.collection : null}
        onSaved={(space) => {
          setDialog(null);
          void api.refreshMenu(queryClient);
          void navigate(paths.posts(space.uuid));
          onNavigate?.();
        }}
      />
      <CollectionFormDialog
        isOpen={dialog?.kind === 'collection'}
        onOpenChange={(open) => !open && setDialog(null)}
        collection={dialog?.kind === 'collection' ? dialog.collection : null}
      />
      {viewer.context === 'USER' && viewer.isManager && <CommunitySettingsDialog isOpen={dialog?.kind === 'settings'} onOpenChange={(open) => !open && setDialog(null)} />}
      <NoAccessDialog isOpen={noAccess} onOpenChange={setNoAccess} />
      <DeleteConfirmDialog
        deletion={deletion}
        title={(collection) => intl.formatMessage(m.deleteTitle, { name: collection.name })}
        confirmLabel={intl.formatMessage(m.deleteConfirm)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.deleting)}
        data-testid="community-collection-delete"
      >
        {() => <p>{intl.formatMessage(m.deleteBody)}</p>}
      </DeleteConfirmDialog>
    </div>
  );
}

/** One space of the menu: lock when not accessible, hidden icon for PRIVATE, warning dot for DRAFT. */
function SpaceLink({ space, canDrag, onNavigate, onNoAccess }: { space: Space; canDrag: boolean; onNavigate?: () => void; onNoAccess: () => void }) {
  const intl = useIntl();
  const { paths } = useCommunity();
  const marks = (
    <>
      {!space.is_accessible && <Lock size={14} aria-label={intl.formatMessage(m.locked)} className="community-menu__mark" />}
      {space.state === 'PRIVATE' && <EyeOff size={14} aria-label={intl.formatMessage(m.hidden)} className="community-menu__mark" />}
      {space.state === 'DRAFT' && <span className="community-menu__draft" role="img" aria-label={intl.formatMessage(m.draft)} />}
    </>
  );
  return (
    <li className="community-menu__space" data-testid={`community-space-${space.name}`}>
      {canDrag && <DragHandle />}
      {space.is_accessible ? (
        <NavLink to={paths.posts(space.uuid)} className="shell-drawer__link community-menu__space-link" onClick={onNavigate}>
          <span className="community-menu__space-name">{space.name}</span>
          {marks}
        </NavLink>
      ) : (
        <button type="button" className="shell-drawer__link community-menu__space-link" onClick={onNoAccess}>
          <span className="community-menu__space-name">{space.name}</span>
          {marks}
        </button>
      )}
    </li>
  );
}
