/**
 * The remotes and the page names each one's `./app` module exports: the one list of remotes. The API's
 * config and remote registry, the dev ports and scripts, the bundle benchmark and the shell's route table
 * all derive from it, and each remote's `export-app.tsx` is checked against its entry by `RemoteAppPages`,
 * so adding a remote means adding a line here (and its folder). Plain data with no imports: the API,
 * the build tooling and Node scripts load it without zod or React. The order is the dev script's order
 * (and the order of the remotes' dev ports).
 */
export const REMOTE_PAGES = {
  voice: ['realtime', 'call', 'voice', 'call-logs'],
  messaging: ['threads', 'thread', 'contacts', 'contact', 'conversations'],
  lab: ['lab'],
  knowledge: ['knowledge'],
  workspace: ['google', 'success', 'error'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type RemoteName = keyof typeof REMOTE_PAGES;

/** The remote names, in the list's order. */
export const REMOTE_NAMES = Object.keys(REMOTE_PAGES) as [RemoteName, ...RemoteName[]];

export type RemotePageName<R extends RemoteName> = (typeof REMOTE_PAGES)[R][number];

/**
 * What a remote's `./app` module exports by default: exactly its listed page names, each mapped to a
 * component. `satisfies RemoteAppPages<'lab', ComponentType>` makes a missing, extra or renamed page a
 * compile error in the remote (the component type is a parameter so this file needs no React).
 */
export type RemoteAppPages<R extends RemoteName, Component> = {
  readonly [P in RemotePageName<R>]: Component;
};
