import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { paths } from './schema.gen';

export type ProfileUpdate = NonNullable<paths['/users/me']['put']['requestBody']>['content']['application/json'];
export type PasswordChange = paths['/users/me/password']['put']['requestBody']['content']['application/json'];

/** PUT /users/me: the signed-in user's profile; answers the user. */
export const updateMe = (body: ProfileUpdate, signal?: AbortSignal) => unwrap(api.PUT('/users/me', { body, signal }));

export type DeleteMeBody = NonNullable<paths['/users/me']['delete']['requestBody']>['content']['application/json'];

/** DELETE /users/me: the account (and, for the owner, the store); the client then logs out. */
export const deleteMe = (body: DeleteMeBody, signal?: AbortSignal) => unwrap(api.DELETE('/users/me', { body, signal }));

/** PUT /users/me/password. */
export const changePassword = (body: PasswordChange, signal?: AbortSignal) => unwrap(api.PUT('/users/me/password', { body, signal }));

/** GET /users/directory: the store's team (the training authors' picker). */
export const usersDirectoryQuery = () => $api.queryOptions('get', '/users/directory');

/** GET /users/me/support: the platform's support address (404 when none is configured); asked once a session. */
export const supportInfoQuery = () => ({ ...$api.queryOptions('get', '/users/me/support'), staleTime: Infinity, retry: false });
