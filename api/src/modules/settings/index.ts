// Settings: the product settings the client reads, from the configuration.
export { settingsModule } from './settings.module.ts';
