import '@radix-ui/themes/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
