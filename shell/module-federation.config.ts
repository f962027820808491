import { hostFederation } from '@annie/build-config/federation';
import { createModuleFederationConfig } from '@module-federation/enhanced/rspack';

/** The host: no build-time remotes; they are registered at run time from GET /api/remotes. */
export default function federationConfig() {
  return createModuleFederationConfig(hostFederation(import.meta.dirname));
}
