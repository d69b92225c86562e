import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { defineMessages, useIntl } from 'react-intl';
import { Banner } from '../../components/ui/Banner';
import { useSchool } from '../../app/school';
import { LearnerAuthActor } from '../../app/schoolAuth';
import { schoolCommunityApi } from '../../api/schoolCommunityApi';
import { schoolBase, schoolPath } from '../../../shared/schoolPaths';
import { CommunityFrame } from '../community/CommunityFrame';
import { communityPathsUnder, CommunityProvider, type CommunityEnvironment } from '../community/communityContext';
import { CollectionPage, CommunityHomePage } from '../community/CommunityHomePage';
import { SpacePostsPage } from '../community/SpacePostsPage';
import { PostPage } from '../community/PostPage';
import { MembersPage } from '../community/MembersPage';
import { SpaceInfoPage } from '../community/SpaceInfoPage';

const m = defineMessages({
  disabled: { id: 'school.community.disabled', defaultMessage: 'La communauté de cette école n’est pas ouverte.' },
});

/**
 * The community for a school's learners (context CUSTOMER), under `<school>/communaute`: the same pages and
 * menu as the team's, over the learner's session; the back arrow goes to the learner's dashboard (their trainings).
 */
export function SchoolCommunity() {
  const intl = useIntl();
  const school = useSchool();
  const learner = LearnerAuthActor.useSelector((snapshot) => snapshot.context.learner);
  const environment = useMemo<CommunityEnvironment | null>(
    () =>
      learner && {
        api: schoolCommunityApi(school.subdomain),
        viewer: { context: 'CUSTOMER', uuid: learner.uuid, isManager: false, plan: null },
        paths: communityPathsUnder(`${schoolBase(school.subdomain)}/communaute`),
        backHref: schoolPath(school.subdomain, 'myTrainings'),
      },
    [learner, school.subdomain],
  );
  if (!school.community_enabled) return <Banner variant="info">{intl.formatMessage(m.disabled)}</Banner>;
  if (!environment) return null;
  return (
    <CommunityProvider value={environment}>
      <CommunityFrame>
        <Routes>
          <Route index element={<CommunityHomePage />} />
          <Route path="collection/:uuid" element={<CollectionPage />} />
          <Route path="espaces/:uuid/discussions" element={<SpacePostsPage />} />
          <Route path="espaces/:uuid/discussions/:postUUID" element={<PostPage />} />
          <Route path="espaces/:uuid/membres" element={<MembersPage />} />
          <Route path="espaces/:uuid/informations" element={<SpaceInfoPage />} />
          <Route path="espaces/:uuid" element={<SpacePostsPage />} />
        </Routes>
      </CommunityFrame>
    </CommunityProvider>
  );
}
