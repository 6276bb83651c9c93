/**
 * Spec 2.7 user group (the shape of docs/api-notes.md "POST /register response") and the
 * responses of spec 4.15 and 4.18.
 */
import { z } from 'zod';
import { integer, integerList } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const userGroupSchema = lazySchema(() =>
  z.looseObject({
    id: integer,
    name: z.string(),
    description: z.string(),
    members: integerList,
    direct_subgroup_ids: integerList.optional(),
    deactivated: z.boolean().optional(),
  }),
);
export type UserGroup = z.infer<typeof userGroupSchema>;

export const getUserGroupsResponse = lazySchema(() =>
  z.looseObject({ user_groups: z.array(userGroupSchema) }),
);
export const getUserGroupMembersResponse = lazySchema(() =>
  z.looseObject({ members: integerList }),
);
export const userGroupMembershipResponse = lazySchema(() =>
  z.looseObject({ is_user_group_member: z.boolean() }),
);
export const createUserGroupResponse = lazySchema(() => z.looseObject({ group_id: integer }));
