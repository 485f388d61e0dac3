import { z } from 'zod/mini';
import type { ApiClient } from '../../api';
import { searchParam } from '../../shared/admin/adminList';

/** How many matches a picker offers at once; typing more narrows them on the server. */
export const PICKER_PAGE_SIZE = 20;

/** A group as GET /groups gives it (docs/api/identity.md); a stock Alerta may leave out the text or the count. */
export const groupRowSchema = z.looseObject({
  id: z.string(),
  name: z.catch(z.string(), ''),
  text: z.catch(z.nullable(z.string()), null),
  count: z.catch(z.nullable(z.number()), null),
});
export type GroupRow = z.infer<typeof groupRowSchema>;

/** A member as GET /group/{id}/users lists them. */
export const memberSchema = z.looseObject({
  id: z.string(),
  name: z.catch(z.nullable(z.string()), null),
  login: z.catch(z.nullable(z.string()), null),
  status: z.catch(z.nullable(z.string()), null),
});
export type Member = z.infer<typeof memberSchema>;

export interface GroupValues {
  name: string;
  text: string;
}

const answerSchema = z.looseObject({});
const groupsAnswerSchema = z.looseObject({ groups: z.catch(z.array(groupRowSchema), []) });
const membersAnswerSchema = z.looseObject({ users: z.catch(z.array(memberSchema), []) });

const groupPath = (id: string) => `/group/${encodeURIComponent(id)}`;
const memberPath = (groupId: string, userId: string) => `${groupPath(groupId)}/user/${encodeURIComponent(userId)}`;

/** POST /group, or PUT /group/{id} when `id` is given (docs/console/admin-screens.md#groups). */
export function saveGroup(api: ApiClient, values: GroupValues, id?: string): Promise<unknown> {
  const body = { name: values.name, text: values.text };
  return id === undefined
    ? api.request('/group', { method: 'POST', body, schema: answerSchema })
    : api.request(groupPath(id), { method: 'PUT', body, schema: answerSchema });
}

/** DELETE /group/{id}. */
export function deleteGroup(api: ApiClient, id: string): Promise<unknown> {
  return api.request(groupPath(id), { method: 'DELETE', schema: answerSchema });
}

/** PUT /group/{gid}/user/{uid}: puts the user in the group. */
export function addMember(api: ApiClient, groupId: string, userId: string): Promise<unknown> {
  // An empty JSON body: PUT must be sent as JSON (docs/api/conventions.md), even with nothing to say.
  return api.request(memberPath(groupId, userId), { method: 'PUT', body: {}, schema: answerSchema });
}

/** DELETE /group/{gid}/user/{uid}: takes the user out of the group. */
export function removeMember(api: ApiClient, groupId: string, userId: string): Promise<unknown> {
  return api.request(memberPath(groupId, userId), { method: 'DELETE', schema: answerSchema });
}

/** GET /group/{id}/users: everyone in the group (the API does not page it). */
export async function fetchMembers(api: ApiClient, groupId: string, signal: AbortSignal): Promise<Member[]> {
  const answer = await api.request(`${groupPath(groupId)}/users`, { signal, schema: membersAnswerSchema });
  return answer.users;
}

/** One page of groups whose name holds `text`, by name: what a picker offers while the user types. */
export async function searchGroups(api: ApiClient, text: string, signal: AbortSignal): Promise<GroupRow[]> {
  const answer = await api.request('/groups', {
    query: { name: searchParam(text), 'sort-by': 'name', 'page-size': PICKER_PAGE_SIZE },
    signal,
    schema: groupsAnswerSchema,
  });
  return answer.groups;
}

/** GET /user/{id}/groups: the groups a user is in. */
export async function fetchUserGroups(api: ApiClient, userId: string, signal: AbortSignal): Promise<GroupRow[]> {
  const answer = await api.request(`/user/${encodeURIComponent(userId)}/groups`, {
    signal,
    schema: groupsAnswerSchema,
  });
  return answer.groups;
}
