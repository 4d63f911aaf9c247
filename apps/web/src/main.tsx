import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global/global.css';
import './styles/base.css';
import './lib/i18n.ts';
import { installRootFontSize } from './lib/root-font-size.ts';
import { App } from './app/app.tsx';

installRootFontSize();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
