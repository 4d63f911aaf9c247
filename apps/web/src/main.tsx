import './zod-jitless.ts';
import './styles/global-styles.ts';
import { App } from './app/app.tsx';
import { startPage } from './start-page.tsx';

startPage(<App />);
