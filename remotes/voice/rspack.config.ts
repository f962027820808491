import { remoteConfig } from '@annie/build-config/remote';
import type { Configuration, RuleSetRule } from '@rspack/core';

const voice = remoteConfig({
  appDir: import.meta.dirname,
  name: 'voice',
  exposes: { './app': './src/export-app.tsx', './console': './src/export-console.tsx' },
});

/**
 * The Voice Console's microphone worklet is loaded by URL (`audioWorklet.addModule(new URL(…))`), so it
 * must be emitted as a file of its own: the shared script rule would otherwise bundle it as a module.
 */
const captureWorklet: RuleSetRule = { test: /[\\/]capture-worklet\.js$/, type: 'asset/resource' };

/** The voice remote: `./app` maps page names to pages; `./console` is the admin Voice Console. */
export default {
  ...voice,
  module: { ...voice.module, rules: [...(voice.module?.rules ?? []), captureWorklet] },
} satisfies Configuration;
