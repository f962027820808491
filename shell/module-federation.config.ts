import { hostFederation } from '@annie/build-config/federation';
import { createModuleFederationConfig } from '@module-federation/enhanced/rspack';

/** The host: no build-time remotes; they are registered at run time from GET /api/modules. */
export default function federationConfig(production: boolean) {
  return createModuleFederationConfig(hostFederation(import.meta.dirname, production));
}
