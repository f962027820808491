import type { z } from 'zod';

/**
 * How a runtime (the browser's voice page, the server in a phone call, the front desk for callers) runs
 * the tools it offers: as a map with exactly one handler per tool name, typed from the tool's schema.
 * A runtime's map is declared `satisfies ToolHandlers<Tools, Context>` with `Tools` taken from the
 * registry (`VOICE_TOOLS`, or a runtime's declared list such as the front desk's), so a tool added to
 * the registry or to that list without a handler is a compile error (see tool-handlers.test.ts).
 */

/**
 * What a tool's output is, as the model must take it:
 * - `action`: it only confirms what the executive asked for (a text sent, a note saved, the call ended),
 *   so it reaches the model as it is;
 * - `reads-outside-data`: it answers data from outside (mail, files, the diary, the web, the knowledge
 *   base, the lab services, and whatever a provider echoes back), so the model receives it, errors
 *   included, labelled as third-party content (`labelToolOutput`).
 */
type ToolKind = 'action' | 'reads-outside-data';

/**
 * A tool as a registry declares it: what the model is told, the schema its arguments must pass, and
 * its kind.
 */
export type ToolDefinition = { description: string; parameters: z.ZodType; kind: ToolKind };
export type ToolDefinitions = Record<string, ToolDefinition>;

/** The parameters each tool of `Tools` runs with, after validation (defaults applied). */
export type ToolParamsOf<Tools extends ToolDefinitions> = {
  [N in keyof Tools]: z.output<Tools[N]['parameters']>;
};

/** One handler per tool of `Tools`, each given that tool's validated parameters and the runtime's context. */
export type ToolHandlers<Tools extends ToolDefinitions, Context = void> = {
  [N in keyof Tools]: (params: ToolParamsOf<Tools>[N], context: Context) => unknown;
};

/**
 * The same handler for every tool of a family (the chemistry tools, the workspace tools), told which
 * tool it runs: one map entry per name of `tools`.
 */
export function handlerPerTool<Tools extends ToolDefinitions, Context>(
  tools: Tools,
  run: (name: keyof Tools & string, params: ToolParamsOf<Tools>[keyof Tools], context: Context) => unknown,
): ToolHandlers<Tools, Context> {
  const handlers: Record<string, (params: never, context: Context) => unknown> = {};
  for (const name of Object.keys(tools)) handlers[name] = (params, context) => run(name, params, context);
  return handlers as ToolHandlers<Tools, Context>;
}

/**
 * Runs the handler of `name` with parameters its schema already validated. The one place where the
 * name and the parameters' type are tied by the caller (the parse that produced them), not the checker.
 */
export function runToolHandler<Name extends string, Context>(
  handlers: { [N in Name]: (params: never, context: Context) => unknown },
  name: NoInfer<Name>,
  params: unknown,
  context: NoInfer<Context>,
): unknown {
  return (handlers[name] as (params: unknown, context: Context) => unknown)(params, context);
}
