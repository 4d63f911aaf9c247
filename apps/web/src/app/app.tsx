import { RouterProvider } from 'react-router';
import { configureApi } from '../lib/api-effects.ts';
import { currentLocale } from '../lib/i18n.ts';
import { toast } from '../components/toast.ts';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

// The api client stays UI-free; the app gives it toasts, the router and the language (lan header).
configureApi({
  error: toast.error,
  warning: toast.warning,
  navigate: (href) => void router.navigate(href, { replace: true }),
  locale: currentLocale,
});

export function App() {
  return <RouterProvider router={router} />;
}
