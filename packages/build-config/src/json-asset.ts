import type { RspackPluginInstance } from '@rspack/core';

/** An rspack plugin writing `data` as the JSON file `filename` into the build's output. */
export function jsonAsset(filename: string, data: () => unknown): RspackPluginInstance {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('annie-json-asset', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'annie-json-asset', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => compilation.emitAsset(filename, new sources.RawSource(`${JSON.stringify(data())}\n`)),
        );
      });
    },
  };
}
