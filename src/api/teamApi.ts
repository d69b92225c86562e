import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type TeamMember = components['schemas']['TeamMember'];
export type TeamInvitation = components['schemas']['TeamInvitation'];
export type TeamSeats = components['schemas']['TeamSeats'];
export type InvitedRole = components['schemas']['CreateTeamInvitationBody']['role'];
export type TeamInvitationPreview = components['schemas']['TeamInvitationPreview'];
export type AcceptTeamInvitation = components['schemas']['AcceptTeamInvitationBody'];

/** GET /users: the team page's members, the owner first. */
export const teamMembersQuery = () => $api.queryOptions('get', '/users');
export const refreshTeamMembers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey });

/** PUT /users/{uuid}: another role for a member. */
export const updateTeamMember = (uuid: string, role: InvitedRole, signal?: AbortSignal) =>
  unwrap(api.PUT('/users/{userUuid}', { params: { path: { userUuid: uuid } }, body: { role }, signal }));

/** DELETE /users/{uuid}: removes a member from the team. */
export const removeTeamMember = (uuid: string, signal?: AbortSignal) => unwrap(api.DELETE('/users/{userUuid}', { params: { path: { userUuid: uuid } }, signal }));

/** GET /users/invitations: open invitations and the seats. */
export const listTeamInvitations = (signal?: AbortSignal) => unwrap(api.GET('/users/invitations', { signal }));

/** POST /users/invitations. */
export const createTeamInvitation = (body: { email: string; role: InvitedRole }, signal?: AbortSignal) => unwrap(api.POST('/users/invitations', { body, signal }));

/** PUT /users/invitations/{uuid}: another role for an open invitation. */
export const updateTeamInvitation = (uuid: string, role: InvitedRole, signal?: AbortSignal) =>
  unwrap(api.PUT('/users/invitations/{invitationUuid}', { params: { path: { invitationUuid: uuid } }, body: { role }, signal }));

/** POST /users/invitations/{uuid}/resend. */
export const resendTeamInvitation = (uuid: string, signal?: AbortSignal) =>
  unwrap(api.POST('/users/invitations/{invitationUuid}/resend', { params: { path: { invitationUuid: uuid } }, signal }));

/** DELETE /users/invitations/{uuid}. */
export const deleteTeamInvitation = (uuid: string, signal?: AbortSignal) =>
  unwrap(api.DELETE('/users/invitations/{invitationUuid}', { params: { path: { invitationUuid: uuid } }, signal }));

/** GET /users/invitations/accept?token: the invitation page's first read (no session). */
export const teamInvitationPreviewQuery = (token: string) => ({
  ...$api.queryOptions('get', '/users/invitations/accept', { params: { query: { token } } }),
  retry: false,
});

/** POST /users/invitations/accept: joins the team; answers a session. */
export const acceptTeamInvitation = (body: AcceptTeamInvitation, signal?: AbortSignal) => unwrap(api.POST('/users/invitations/accept', { body, signal }));
