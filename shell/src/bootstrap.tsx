// The whole Radix Themes sheet but its dark appearance, which nothing in the product turns on (see
// build-config's radix-css-subset).
import '@radix-ui/themes/styles.css?radix-subset&dark=false';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
