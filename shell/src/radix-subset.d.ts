// A Radix Themes sheet cut by build-config's radix-subset loader, imported for its effect (a stylesheet):
// declared so the shell can `import()` one on demand (the dark appearance's rules, see bootstrap.tsx).
declare module '@radix-ui/themes/styles.css?*' {}
