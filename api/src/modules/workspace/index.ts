// Workspace: the user's Google account, and the Google tools the assistant runs.
export { type GoogleServices, googleServicesFor } from './google-services.ts';
export { runToolForModel } from './voice-tools.service.ts';
export { workspaceModule } from './workspace.module.ts';
