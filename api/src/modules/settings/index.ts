// Settings: the product settings the client reads, from the configuration.
export { settingsDomain } from './settings.domain.ts';
