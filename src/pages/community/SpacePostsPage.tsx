import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { Checkbox } from '../../components/ui/Checkbox';
import { DateField } from '../../components/ui/DateField';
import { Form, FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { Banner } from '../../components/ui/Banner';
import { Pagination } from '../../components/ui/Pagination';
import { TextLink } from '../../components/ui/Link';
import { showToast } from '../../components/ui/toastQueue';
import { RICH_TEXT_TOOLS } from '../../editor/tools';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import type { CreatePostBody, Post, PostSort, Space } from '../../api/communityApi';
import { useCommunity } from './communityContext';
import { SpaceFrame } from './SpaceFrame';
import { PostActions, PostCard } from './PostCard';
import { spaceFormMessages } from './SpaceFormDialog';

const RichTextEditor = lazy(() => import('../../components/RichTextEditor'));

const m = {
  ...defineMessages({
  search: { id: 'community.posts.search', defaultMessage: 'Rechercher dans les discussions' },
  sort: { id: 'community.posts.sort', defaultMessage: 'Trier par' },
  compose: { id: 'community.posts.compose', defaultMessage: 'Nouvelle publication' },
  composePlaceholder: { id: 'community.posts.composePlaceholder', defaultMessage: 'Partagez une nouvelle, posez une question…' },
  schedule: { id: 'community.posts.schedule', defaultMessage: 'Programmer la publication (facultatif)' },
  clearSchedule: { id: 'community.posts.clearSchedule', defaultMessage: 'Publier tout de suite' },
  pin: { id: 'community.posts.pin', defaultMessage: 'Épingler en haut de l’espace' },
  publish: { id: 'community.posts.publish', defaultMessage: 'Publier' },
  publishing: { id: 'community.posts.publishing', defaultMessage: 'Publication…' },
  published: { id: 'community.posts.published', defaultMessage: 'Publication envoyée' },
  scheduled: { id: 'community.posts.scheduledToast', defaultMessage: 'Publication programmée' },
  readonly: { id: 'community.posts.readonly', defaultMessage: 'Cet espace est en lecture seule : seuls ses animateurs publient. Vous pouvez répondre aux publications.' },
  loading: { id: 'community.posts.loading', defaultMessage: 'Chargement des discussions…' },
  failed: { id: 'community.posts.failed', defaultMessage: 'Les discussions n’ont pas pu être chargées.' },
  retry: { id: 'community.menu.retry', defaultMessage: 'Réessayer' },
  empty: { id: 'community.posts.empty', defaultMessage: 'Aucune publication pour le moment. Lancez la discussion !' },
  noMatch: { id: 'community.posts.noMatch', defaultMessage: 'Aucune publication ne correspond à votre recherche.' },
  emptyContent: { id: 'community.posts.emptyContent', defaultMessage: 'Écrivez quelque chose avant de publier.' },
  }),
  comments: defineMessage<{ count: number }>({ id: 'community.posts.comments', defaultMessage: '{count, plural, =0 {Commenter} one {# commentaire} other {# commentaires}}' }),
};

const SORTS: readonly PostSort[] = ['PUBLISHED_DESC', 'PUBLISHED_ASC', 'LAST_COMMENTED'];

/** /communaute/espaces/:uuid/discussions: the composer, then the posts (pinned first), searchable, sorted, paged. */
export function SpacePostsPage() {
  return <SpaceFrame>{({ space, canManage }) => <Discussions space={space} canManage={canManage} />}</SpaceFrame>;
}

function Discussions({ space, canManage }: { space: Space; canManage: boolean }) {
  const intl = useIntl();
  const { api, paths } = useCommunity();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort') as PostSort | null;
  const sort: PostSort = sortParam && SORTS.includes(sortParam) ? sortParam : space.settings.default_post_sort;
  const [search, setSearch] = useState(q);
  const posts = useQuery({ ...api.queries.posts(space.uuid, { page, sort, ...(q && { q }) }), placeholderData: keepPreviousData });
  const update = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null || value === '') merged.delete(key);
          else merged.set(key, value);
        }
        return merged;
      },
      { replace: true },
    );
  const canPublish = !space.settings.readonly || canManage;

  return (
    <>
      {canPublish ? <Composer space={space} canManage={canManage} /> : <Banner variant="info">{intl.formatMessage(m.readonly)}</Banner>}
      <form
        className="community-toolbar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: search.trim(), page: null });
        }}
      >
        <TextField label={intl.formatMessage(m.search)} type="search" value={search} onChange={setSearch} data-testid="posts-search" />
        <label className="native-field">
          <span className="ui-field__label">{intl.formatMessage(m.sort)}</span>
          <select className="native-field__select" value={sort} onChange={(event) => update({ sort: event.target.value, page: null })} data-testid="posts-sort">
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(spaceFormMessages[value])}
              </option>
            ))}
          </select>
        </label>
      </form>
      {posts.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : posts.isError ? (
        <Banner variant="danger" action={<Button variant="secondary" size="sm" onPress={() => void posts.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
          {intl.formatMessage(m.failed)}
        </Banner>
      ) : posts.data.data.length === 0 ? (
        <p className="community-empty" data-testid="posts-empty">
          {intl.formatMessage(q ? m.noMatch : m.empty)}
        </p>
      ) : (
        <>
          <ul className="community-list" data-testid="posts-list" aria-busy={posts.isFetching}>
            {posts.data.data.map((post: Post) => (
              <li key={post.uuid}>
                <PostCard
                  post={post}
                  excerpt
                  canManage={canManage}
                  footer={
                    <TextLink href={paths.post(space.uuid, post.uuid)} data-testid="post-open">
                      <span className="community-card__meta">
                        <MessageCircle size={16} aria-hidden="true" /> {intl.formatMessage(m.comments, { count: post.comments_count })}
                      </span>
                    </TextLink>
                  }
                  actions={<PostActions post={post} space={space} canManage={canManage} />}
                />
              </li>
            ))}
          </ul>
          <Pagination page={posts.data.meta.current_page} lastPage={posts.data.meta.last_page} onChange={(next) => update({ page: String(next) })} />
        </>
      )}
    </>
  );
}

/** A new post: rich text; managers may schedule it (published later) and pin it. */
function Composer({ space, canManage }: { space: Space; canManage: boolean }) {
  const intl = useIntl();
  const { api } = useCommunity();
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [publishAt, setPublishAt] = useState('');
  const [pinned, setPinned] = useState(false);
  const [touched, setTouched] = useState(false);
  // Bumped after each post: the editor starts again empty.
  const [round, setRound] = useState(0);
  const request = useRequest(async (body: CreatePostBody, signal) => {
    await api.createPost(space.uuid, body, signal);
    showToast({ title: intl.formatMessage(body.published_at ? m.scheduled : m.published), variant: 'success' });
    setContent('');
    setPublishAt('');
    setPinned(false);
    setTouched(false);
    setRound((r) => r + 1);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['get', '/community/groups/{groupUuid}/posts'] }),
      queryClient.invalidateQueries({ queryKey: api.queries.space(space.uuid).queryKey }),
    ]);
  });
  const empty = content.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (empty || request.isSubmitting) return;
    request.submit({
      content,
      ...(publishAt && { published_at: new Date(publishAt).toISOString() }),
      ...(pinned && { pinned: true }),
    });
  };
  return (
    <Form className="community-card" onSubmit={onSubmit} data-testid="post-composer">
      <FormError>{failureText(intl, request.error, ['content'])}</FormError>
      <Suspense fallback={<Spinner size="sm" aria-label={intl.formatMessage(m.compose)} />}>
        <RichTextEditor
          key={round}
          label={intl.formatMessage(m.compose)}
          placeholder={intl.formatMessage(m.composePlaceholder)}
          tools={RICH_TEXT_TOOLS.description}
          value={content}
          onChange={setContent}
          height={120}
          maxLength={20000}
          isDisabled={request.isSubmitting}
          errorMessage={touched && empty ? intl.formatMessage(m.emptyContent) : request.error?.fieldErrors.content?.join(', ')}
        />
      </Suspense>
      {canManage && (
        <div className="community-toolbar">
          <DateField
            label={intl.formatMessage(m.schedule)}
            granularity="minute"
            value={publishAt}
            onChange={setPublishAt}
            clearLabel={intl.formatMessage(m.clearSchedule)}
            errorMessage={request.error?.fieldErrors.published_at}
          />
          <Checkbox isSelected={pinned} onChange={setPinned}>
            {intl.formatMessage(m.pin)}
          </Checkbox>
        </div>
      )}
      <div className="community-space-form__actions">
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.publishing)} data-testid="post-publish">
          {intl.formatMessage(m.publish)}
        </Button>
      </div>
    </Form>
  );
}
