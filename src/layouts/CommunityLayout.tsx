import { useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { communityApi } from '../api/communityApi';
import { AuthActor } from '../app/auth';
import { CommunityFrame } from '../pages/community/CommunityFrame';
import { communityPathsUnder, CommunityProvider, type CommunityEnvironment } from '../pages/community/communityContext';
import { ConnectivityNotices } from './shell/ConnectivityNotices';
import './layouts.css';
import './shell/shell.css';

/** The team's community (context USER): the back office's session and API client; the back arrow goes home. */
export function CommunityLayout() {
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const environment = useMemo<CommunityEnvironment | null>(
    () =>
      user && {
        api: communityApi,
        viewer: { context: 'USER', uuid: user.uuid, isManager: user.role === 'OWNER' || user.role === 'ADMIN' || user.is_admin, plan: user.store.plan },
        paths: communityPathsUnder('/communaute'),
        backHref: '/',
      },
    [user],
  );
  if (!environment) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <CommunityProvider value={environment}>
        <CommunityFrame notices={<ConnectivityNotices />}>
          <Outlet />
        </CommunityFrame>
      </CommunityProvider>
    </QueryClientProvider>
  );
}
