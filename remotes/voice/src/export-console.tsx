// The `./console` module: the admin-only Voice Console, fetched only when an admin opens /voice/console.
export { default } from './pages/voice-console-page.tsx';
