import { featureModules } from '../modules/feature-modules.ts';
import { TenantSchema } from '../modules/tenants/tenant.entity.ts';
import { UserSchema } from '../modules/users/user.entity.ts';

/** Every entity the ORM knows: the platform's and each feature module's. */
export const entities = [TenantSchema, UserSchema, ...featureModules.flatMap((module) => module.entities)];
