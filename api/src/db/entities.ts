import { TenantSchema } from '../modules/tenants/tenant.entity.ts';
import { UserSchema } from '../modules/users/user.entity.ts';

/** Every entity the ORM knows; a feature module adds its schemas here. */
export const entities = [TenantSchema, UserSchema];
