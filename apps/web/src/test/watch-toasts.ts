import { vi } from 'vitest';
import { toast } from '../components/toast.ts';

/**
 * The toast's methods replaced by spies for the current test (setup-tests.ts restores them after it): the toast
 * itself is antd-mobile's, loaded on first use, and a test only needs to know what it said. Spies rather than
 * vi.mock, because the web tests of a worker share one module graph (vitest.config.ts).
 */
export function watchToasts() {
  return {
    success: vi.spyOn(toast, 'success').mockImplementation(() => {}),
    warning: vi.spyOn(toast, 'warning').mockImplementation(() => {}),
    info: vi.spyOn(toast, 'info').mockImplementation(() => {}),
    error: vi.spyOn(toast, 'error').mockImplementation(() => {}),
  };
}
