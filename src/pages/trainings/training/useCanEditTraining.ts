import { canOpen } from '../../../app/access';
import { useViewer } from '../../../app/RouteGuard';
import { routeByName } from '../../../app/routes';

/**
 * Whether the viewer may change a training (spec section 6: OWNER, ADMIN, TEACHER), read from the guard of
 * the training's settings route so the read-only tabs (learners, comments) and the route table agree.
 */
export function useCanEditTraining(): boolean {
  const viewer = useViewer();
  const route = routeByName('training_settings');
  return route !== undefined && canOpen(route, viewer);
}
