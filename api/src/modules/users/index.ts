// Users: the accounts people sign in with, the first admin, and account deletion.
export { deleteAccount } from './account-deletion.ts';
export { ensureFirstAdmin, FIRST_ADMIN_USERNAME } from './first-admin.ts';
export { toAuthUserDto } from './user.dto.ts';
export { User, UserSchema } from './user.entity.ts';
export { firstAdminTenant, passwordHashOf, tenantOwner, usernameOf, userRole } from './user.queries.ts';
export { createUser, findUserByUsername, listUsers, setPassword } from './user.service.ts';
export { userRetention } from './user-retention.queries.ts';
