import type { Compilation as BuildCompilation, RspackPluginInstance } from '@rspack/core';

/** An rspack plugin writing `data` (read once the modules are built) as the JSON file `filename` into the build's output. */
export function jsonAsset(
  filename: string,
  data: (compilation: BuildCompilation) => unknown,
): RspackPluginInstance {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('annie-json-asset', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'annie-json-asset', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () =>
            compilation.emitAsset(filename, new sources.RawSource(`${JSON.stringify(data(compilation))}\n`)),
        );
      });
    },
  };
}
