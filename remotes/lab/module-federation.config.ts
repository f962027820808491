import { remoteFederation } from '@annie/build-config/federation';
import { createModuleFederationConfig } from '@module-federation/enhanced/rspack';

/** The lab remote: `./app` maps page names to pages. */
export default function federationConfig(production: boolean) {
  return createModuleFederationConfig(
    remoteFederation(import.meta.dirname, production, {
      name: 'lab',
      exposes: {
        './app': './src/export-app.tsx',
      },
    }),
  );
}
