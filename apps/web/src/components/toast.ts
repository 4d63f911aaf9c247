/**
 * Toasts (spec sections 2 and 9): success, warning, info, error; shown 3 s; Escape closes; the same
 * message is not repeated within 3050 ms, so a burst of failing calls shows one toast.
 * antd-mobile's Toast is loaded on first use so it never weighs on the first paint.
 */
export type ToastType = 'success' | 'warning' | 'info' | 'error';

export const TOAST_DURATION_MS = 3000;
export const TOAST_THROTTLE_MS = 3050;

let lastShownAt = -Infinity;
let lastKey = '';

/** Pure throttle decision, exported for tests: show unless the same toast was shown less than 3050 ms ago. */
export function shouldShowToast(key: string, now: number, last: { key: string; at: number }): boolean {
  return !(key === last.key && now - last.at < TOAST_THROTTLE_MS);
}

type ToastModule = typeof import('antd-mobile/es/components/toast');
let toastModule: Promise<ToastModule['default']> | null = null;
function loadToast() {
  toastModule ??= Promise.all([
    import('antd-mobile/es/components/toast'),
    import('./antd-render-shim.ts'),
    // After antd-mobile's own toast CSS, so its word-break: break-all (which splits words mid-letter) is undone.
    import('./toast.css'),
  ]).then(([m, shim]) => {
    shim.installAntdRenderShim();
    window.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') m.default.clear();
    });
    return m.default;
  });
  return toastModule;
}

const ICON: Record<ToastType, 'success' | 'fail' | undefined> = {
  success: 'success',
  error: 'fail',
  warning: undefined,
  info: undefined,
};

export function showToast(type: ToastType, message: string): void {
  const now = Date.now();
  const key = `${type}:${message}`;
  if (!shouldShowToast(key, now, { key: lastKey, at: lastShownAt })) return;
  lastKey = key;
  lastShownAt = now;
  void loadToast().then((Toast) =>
    Toast.show({
      content: message,
      icon: ICON[type],
      duration: TOAST_DURATION_MS,
      maskClassName: `kk-toast kk-toast--${type}`,
    }),
  );
}

/**
 * Forgets the last toast and closes any on screen. For the component tests, whose files share one module graph and one
 * window: a toast a previous file showed must not hide the same message in the next one (the throttle above).
 */
export async function resetToasts(): Promise<void> {
  lastKey = '';
  lastShownAt = -Infinity;
  if (toastModule) (await toastModule).clear();
}

export const toast = {
  success: (m: string) => showToast('success', m),
  warning: (m: string) => showToast('warning', m),
  info: (m: string) => showToast('info', m),
  error: (m: string) => showToast('error', m),
};
