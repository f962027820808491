import { remoteFederation } from '@annie/build-config/federation';
import { createModuleFederationConfig } from '@module-federation/enhanced/rspack';

/** The voice remote: `./app` maps page names to pages; `./console` is the admin Voice Console. */
export default function federationConfig(production: boolean) {
  return createModuleFederationConfig(
    remoteFederation(import.meta.dirname, production, {
      name: 'voice',
      exposes: {
        './app': './src/export-app.tsx',
        './console': './src/export-console.tsx',
      },
    }),
  );
}
