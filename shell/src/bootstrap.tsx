// The Radix Themes sheet cut to what the product uses (see build-config's radix-css-subset): the
// components of the shared surface (`&surface`), the colour scales of the product's palette
// (`&palette`), the breakpoints its responsive props use (`&breakpoints`) and only those props'
// breakpoint variants (`&responsiveProps`), and no dark appearance, which nothing in the product turns on.
import '@radix-ui/themes/styles.css?radix-subset&dark=false&palette&breakpoints&responsiveProps&surface';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
