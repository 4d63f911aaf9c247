import { LOCAL_KEYS } from './storage-keys.ts';
import { local } from './storage.ts';

/**
 * UI effects the api client needs (toasts, navigation, language), injected by the app at start-up.
 * Kept apart from api-client.ts so the entry chunk can configure them without loading the client itself.
 */
export type ApiEffects = {
  /** Error toast: server message or "API ERROR". */
  error: (message: string) => void;
  /** Warning toast: "API TIMEOUT". */
  warning: (message: string) => void;
  /** Navigates after session loss (the router's navigate; a full page load by default). */
  navigate: (href: string) => void;
  /** The UI language as an API locale (lan header). */
  locale: () => string;
};

export const apiEffects: ApiEffects = {
  error: (m) => console.error(m),
  warning: (m) => console.warn(m),
  navigate: (href) => window.location.assign(href),
  locale: () => local.get(LOCAL_KEYS.locale) ?? 'en-US',
};

export function configureApi(next: Partial<ApiEffects>): void {
  Object.assign(apiEffects, next);
}
