import { createHash, randomUUID } from 'node:crypto';
import {
  BUILTIN_SCOPES,
  type Permission,
  computePaging,
  permissionInputSchema,
  permissionUpdateSchema,
} from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import { ADMIN_SCOPES, requireScopesWithin } from '../auth/permissions.js';
import type { ApiApp } from '../http/validation.js';
import { idParams } from '../openapi/schemas.js';
import { type AppContext, principalOf } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { Settings } from '../settings.js';
import type { PermissionRecord } from '../store/identity-types.js';
import { PERMISSION_COLUMNS } from '../store/fields.js';
import { type FieldFilter, UniqueViolation } from '../store/types.js';
import { checkPageInRange, pageRequest, queryParams } from './alert-params.js';
import { monitorQuery } from './monitor-params.js';

/** docs/api/scopes.md#the-scope-list: the built-in scopes and CUSTOM_SCOPES. */
export function knownScopes(settings: Pick<Settings, 'CUSTOM_SCOPES'>): string[] {
  return [...new Set([...BUILTIN_SCOPES, ...settings.CUSTOM_SCOPES])];
}

/** Spec README: system roles keep one id, derived from the role name, instead of a new random one per call. */
function systemRoleId(role: string): string {
  const hex = createHash('sha1').update(`alerta system role:${role}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** docs/api/identity.md: the roles configured in settings, shown ahead of the stored permissions. */
export function systemRoles(settings: Settings): PermissionRecord[] {
  const roles: PermissionRecord[] = [];
  const add = (names: readonly string[], scopes: readonly string[]) => {
    for (const match of names) {
      if (!roles.some((r) => r.match === match)) roles.push({ id: systemRoleId(match), match, scopes: [...scopes] });
    }
  };
  add(settings.ADMIN_ROLES, ADMIN_SCOPES);
  add(settings.USER_ROLES, settings.USER_DEFAULT_SCOPES);
  add(settings.GUEST_ROLES, settings.GUEST_DEFAULT_SCOPES);
  return roles;
}

/** The filters of GET /perms applied to a system role held in memory. */
function filtersAccept(role: PermissionRecord, filters: readonly FieldFilter[]): boolean {
  return filters.every((filter) => {
    const values = filter.field === 'scope' ? role.scopes : [filter.field === 'id' ? role.id : role.match];
    const hit = filter.values.some((wanted) =>
      wanted.startsWith('~')
        ? values.some((v) => v.toLowerCase().includes(wanted.slice(1).toLowerCase()))
        : values.includes(wanted),
    );
    return hit !== filter.negate;
  });
}

function permissionView(p: PermissionRecord, apiRoot: string): Permission {
  return { id: p.id, href: `${apiRoot}/perm/${p.id}`, match: p.match, scopes: p.scopes };
}

/** docs/api/identity.md: 400 for a scope that is neither built in nor in CUSTOM_SCOPES. */
function checkKnown(settings: Settings, scopes: readonly string[]): void {
  const known = knownScopes(settings);
  const unknown = scopes.find((s) => !known.includes(s));
  if (unknown !== undefined) throw badRequest(`Invalid scope '${unknown}'`);
}

type IdParams = { Params: { id: string } };

export function registerPermissionRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store } = context;
  const system = systemRoles(settings);

  function checkNotSystem(match: string): void {
    if (system.some((r) => r.match === match)) throw new ApiError(409, `${match} role already exists`);
  }

  async function save(permission: PermissionRecord, isNew: boolean): Promise<void> {
    try {
      if (isNew) await store.perms.create(permission);
      else await store.perms.update(permission);
    } catch (error) {
      if (error instanceof UniqueViolation) throw new ApiError(409, `${permission.match} role already exists`);
      throw error;
    }
  }

  async function loadStored(id: string): Promise<PermissionRecord> {
    if (system.some((r) => r.id === id)) throw badRequest('system roles are set in the configuration');
    const found = id === '' ? undefined : await store.perms.get(id);
    if (found === undefined) throw notFound('permission not found');
    return found;
  }

  /** A permission that grants more than the caller holds is out of the caller's hands, to change or to remove. */
  function requireHeldByCaller(request: FastifyRequest, permission: PermissionRecord): void {
    requireScopesWithin(
      principalOf(request),
      permission.scopes,
      settings,
      (s) => `Permission '${permission.match}' grants scope '${s}'`,
    );
  }

  app.post(
    '/perm',
    { config: { scope: 'admin:perms' }, schema: { body: permissionInputSchema } },
    async (request, reply) => {
      const parsedBody = request.body;
      checkNotSystem(parsedBody.match);
      const scopes = [...new Set(parsedBody.scopes ?? [])];
      checkKnown(settings, scopes);
      requireScopesWithin(principalOf(request), scopes, settings, (s) => `Requested scope '${s}'`);
      const permission: PermissionRecord = { id: randomUUID(), match: parsedBody.match, scopes };
      await save(permission, true);
      const view = permissionView(permission, context.apiRoot(request));
      return reply.code(201).header('Location', view.href).send({ status: 'ok', id: permission.id, permission: view });
    },
  );

  app.get<IdParams>('/perm/:id', { config: { scope: 'read:perms' } }, async (request) => {
    const found = system.find((r) => r.id === request.params.id) ?? (await store.perms.get(request.params.id));
    if (found === undefined) throw notFound('permission not found');
    return { status: 'ok', total: 1, permission: permissionView(found, context.apiRoot(request)) };
  });

  // The system roles come first, as the reference lists them, and count towards total and paging.
  app.get('/perms', { config: { scope: 'read:perms' } }, async (request) => {
    const params = queryParams(request.query);
    // `alerta perms --scope` asks with `scopes=`, which the reference refuses (compat/README.md).
    const scopes = params.get('scopes');
    if (scopes !== undefined) {
      params.delete('scopes');
      params.set('scope', [...(params.get('scope') ?? []), ...scopes]);
    }
    const query = monitorQuery(params, PERMISSION_COLUMNS, [], new Date().toISOString());
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const shownSystem = system.filter((r) => filtersAccept(r, query.filters));
    const total = shownSystem.length + (await store.perms.count(query));
    const paging = computePaging(total, page, pageSize);
    checkPageInRange(page, paging.pages);
    const offset = (page - 1) * pageSize;
    const fromSystem = shownSystem.slice(offset, offset + pageSize);
    const limit = pageSize - fromSystem.length;
    const stored =
      limit === 0 ? [] : await store.perms.list(query, { offset: Math.max(0, offset - shownSystem.length), limit });
    const apiRoot = context.apiRoot(request);
    return {
      status: 'ok',
      ...(total === 0 ? { message: 'not found' } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
      pages: paging.pages,
      more: paging.more,
      permissions: [...fromSystem, ...stored].map((p) => permissionView(p, apiRoot)),
      total,
    };
  });

  app.put(
    '/perm/:id',
    { config: { scope: 'admin:perms' }, schema: { params: idParams, body: permissionUpdateSchema } },
    async (request) => {
      const parsedBody = request.body;
      const stored = await loadStored(request.params.id);
      requireHeldByCaller(request, stored);
      if (parsedBody.match !== undefined && parsedBody.match !== stored.match) checkNotSystem(parsedBody.match);
      const scopes = parsedBody.scopes === undefined ? stored.scopes : [...new Set(parsedBody.scopes)];
      if (parsedBody.scopes !== undefined) checkKnown(settings, scopes);
      // Checked whatever changes: pointing the scopes at another role hands them to whoever holds it.
      requireScopesWithin(principalOf(request), scopes, settings, (s) => `Requested scope '${s}'`);
      const next: PermissionRecord = { id: stored.id, match: parsedBody.match ?? stored.match, scopes };
      await save(next, false);
      return { status: 'ok', permission: permissionView(next, context.apiRoot(request)) };
    },
  );

  app.delete<IdParams>('/perm/:id', { config: { scope: 'admin:perms' } }, async (request) => {
    const stored = await loadStored(request.params.id);
    requireHeldByCaller(request, stored);
    await store.perms.delete(stored.id);
    return { status: 'ok' };
  });

  app.get('/scopes', { config: { scope: 'read:perms' } }, (_request, reply) => {
    const scopes = knownScopes(settings);
    return reply.send({ status: 'ok', scopes, total: scopes.length });
  });
}
