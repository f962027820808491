// The dark appearance's stylesheet, an entry of the page build that no page links: every page names it
// in its head (build-config's appearance-head.ts), and a page that is or turns dark links it (the early
// appearance script, or the UI kit's linkDarkSheet), so a light page never fetches it. The Radix Themes
// rules of the dark appearance only (`&only=dark`), cut as the app's light sheet is (bootstrap.tsx): it
// serves the signed-in app, the login page and the legal pages alike.
import '@radix-ui/themes/styles.css?radix-subset&only=dark&palette&breakpoints&responsiveProps&surface';
