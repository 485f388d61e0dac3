import { ApiError, notFound } from '../errors.js';
import type { GroupRecord, GroupWithCount } from '../store/identity-types.js';
import { type Store, UniqueViolation } from '../store/types.js';

/** A group by id, with its member count; 404 when there is none (docs/api/identity.md). */
export async function loadGroup(store: Store, id: string): Promise<GroupWithCount> {
  const group = id === '' ? undefined : await store.groups.get(id);
  if (group === undefined) throw notFound('group not found');
  return group;
}

/** Creates or replaces a group; a name another group has is a 409 (docs/api/identity.md). */
export async function saveGroup(store: Store, group: GroupRecord, isNew: boolean): Promise<void> {
  try {
    if (isNew) await store.groups.create(group);
    else await store.groups.update(group);
  } catch (error) {
    if (error instanceof UniqueViolation) throw new ApiError(409, `group '${group.name}' already exists`);
    throw error;
  }
}
