import { randomUUID } from 'node:crypto';
import { type Group, type GroupMember, groupInputSchema, groupUpdateSchema } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import { customersOfMatch, requireCustomersWithin } from '../auth/customers.js';
import { requireScopesWithin, scopesGrantedByRoles } from '../auth/permissions.js';
import type { ApiApp } from '../http/validation.js';
import { idParams } from '../openapi/schemas.js';
import { type AppContext, principalOf } from '../context.js';
import { loadGroup as loadStoredGroup, saveGroup } from '../domain/groups.js';
import { badRequest, notFound } from '../errors.js';
import { GROUP_COLUMNS } from '../store/fields.js';
import type { GroupRecord, GroupWithCount } from '../store/identity-types.js';
import type { UserRecord } from '../store/types.js';
import { pagedList } from './identity-lists.js';

export function groupView(g: GroupWithCount, apiRoot: string): Group {
  return { id: g.id, href: `${apiRoot}/group/${g.id}`, name: g.name, text: g.text, count: g.count };
}

function memberView(u: UserRecord, apiRoot: string): GroupMember {
  return { id: u.id, href: `${apiRoot}/user/${u.id}`, login: u.login, name: u.name, status: u.status };
}

type IdParams = { Params: { id: string } };
type MemberParams = { Params: { id: string; userId: string } };

export function registerGroupRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store } = context;

  const loadGroup = (id: string): Promise<GroupWithCount> => loadStoredGroup(store, id);
  const save = (group: GroupRecord, isNew: boolean): Promise<void> => saveGroup(store, group, isNew);

  /**
   * docs/api/scopes.md#scopes-from-roles: a group's name counts as a role of its members, so naming a group, or putting
   * someone in it, hands out what that role grants; only a caller who holds all of it may. Taking someone out stays
   * open to any admin:groups.
   */
  async function requireGrantable(request: FastifyRequest, name: string): Promise<void> {
    const principal = principalOf(request);
    const scopes = await scopesGrantedByRoles(settings, store, [name]);
    requireScopesWithin(principal, scopes, settings, (s) => `Group '${name}' grants scope '${s}'`);
    // With CUSTOMER_VIEWS, a group name is a customer lookup as well.
    if (principal.customers !== undefined) {
      requireCustomersWithin(principal, await customersOfMatch(store, name), `Group '${name}'`);
    }
  }

  app.post(
    '/group',
    { config: { scope: 'admin:groups' }, schema: { body: groupInputSchema } },
    async (request, reply) => {
      const parsedBody = request.body;
      await requireGrantable(request, parsedBody.name);
      const group: GroupRecord = { id: randomUUID(), name: parsedBody.name, text: parsedBody.text ?? '' };
      await save(group, true);
      const view = groupView({ ...group, count: 0 }, context.apiRoot(request));
      return reply.code(201).header('Location', view.href).send({ status: 'ok', id: group.id, group: view });
    },
  );

  app.get<IdParams>('/group/:id', { config: { scope: 'read:groups' } }, async (request) => ({
    status: 'ok',
    total: 1,
    group: groupView(await loadGroup(request.params.id), context.apiRoot(request)),
  }));

  app.get('/groups', { config: { scope: 'read:groups' } }, async (request) => {
    const { envelope, rows, total } = await pagedList(
      request,
      settings.DEFAULT_PAGE_SIZE,
      { columns: GROUP_COLUMNS, statuses: [] },
      store.groups,
    );
    const apiRoot = context.apiRoot(request);
    return { ...envelope, groups: rows.map((g) => groupView(g, apiRoot)), total };
  });

  app.get<IdParams>('/group/:id/users', { config: { scope: 'read:groups' } }, async (request) => {
    const group = await loadGroup(request.params.id);
    const members = await store.groups.members(group.id);
    const apiRoot = context.apiRoot(request);
    return { status: 'ok', users: members.map((u) => memberView(u, apiRoot)), total: members.length };
  });

  app.put(
    '/group/:id',
    { config: { scope: 'admin:groups' }, schema: { params: idParams, body: groupUpdateSchema } },
    async (request) => {
      const parsedBody = request.body;
      const stored = await loadGroup(request.params.id);
      if (parsedBody.name !== undefined && parsedBody.name !== stored.name) {
        await requireGrantable(request, parsedBody.name);
      }
      const next: GroupRecord = {
        id: stored.id,
        name: parsedBody.name ?? stored.name,
        text: parsedBody.text === undefined ? stored.text : (parsedBody.text ?? ''),
      };
      await save(next, false);
      return { status: 'ok', group: groupView({ ...next, count: stored.count }, context.apiRoot(request)) };
    },
  );

  app.put<MemberParams>('/group/:id/user/:userId', { config: { scope: 'admin:groups' } }, async (request) => {
    const group = await loadGroup(request.params.id);
    const user = request.params.userId === '' ? undefined : await store.users.get(request.params.userId);
    if (user === undefined) throw badRequest('invalid user');
    await requireGrantable(request, group.name);
    await store.groups.addMember(group.id, user.id);
    return { status: 'ok' };
  });

  app.delete<MemberParams>('/group/:id/user/:userId', { config: { scope: 'admin:groups' } }, async (request) => {
    const group = await loadGroup(request.params.id);
    const removed = await store.groups.removeMember(group.id, request.params.userId);
    if (!removed) throw badRequest('invalid user');
    return { status: 'ok' };
  });

  app.delete<IdParams>('/group/:id', { config: { scope: 'admin:groups' } }, async (request) => {
    const deleted = request.params.id !== '' && (await store.groups.delete(request.params.id));
    if (!deleted) throw notFound('group not found');
    return { status: 'ok' };
  });
}
