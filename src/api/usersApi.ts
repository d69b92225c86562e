import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { paths } from './schema.gen';

export type ProfileUpdate = NonNullable<paths['/users/me']['put']['requestBody']>['content']['application/json'];
export type PasswordChange = paths['/users/me/password']['put']['requestBody']['content']['application/json'];

/** PUT /users/me: the signed-in user's profile; answers the user. */
export const updateMe = (body: ProfileUpdate, signal?: AbortSignal) => unwrap(api.PUT('/users/me', { body, signal }));

/** PUT /users/me/password. */
export const changePassword = (body: PasswordChange, signal?: AbortSignal) => unwrap(api.PUT('/users/me/password', { body, signal }));

/** GET /users/directory: the store's team (the training authors' picker). */
export const usersDirectoryQuery = () => $api.queryOptions('get', '/users/directory');
