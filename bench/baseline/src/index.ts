import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

// The bench's baseline: a bare React 19 page rendering one heading.
const root = document.getElementById('root');
if (root) createRoot(root).render(createElement('h1', null, 'Baseline'));
