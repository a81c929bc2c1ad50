import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouterProvider, createAppRouter } from './router';
import '../ui/styles/index.css';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouterProvider router={router} />
  </StrictMode>,
);
