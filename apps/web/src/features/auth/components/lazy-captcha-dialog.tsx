import { lazy, Suspense, type ComponentProps } from 'react';

// antd-mobile's popup is ~22 kB gzip and the server asks for a captcha only from busy addresses or after failures:
// loaded on demand.
export const loadCaptchaDialog = () => import('./captcha-dialog.tsx');
const CaptchaDialog = lazy(() => loadCaptchaDialog().then((m) => ({ default: m.CaptchaDialog })));

type Props = ComponentProps<typeof CaptchaDialog> & {
  /** Mount the dialog (and fetch its chunk) only once it may be needed. */
  mounted: boolean;
};

/** The image captcha dialog, loaded the first time it may be needed. */
export function LazyCaptchaDialog({ mounted, ...props }: Props) {
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CaptchaDialog {...props} />
    </Suspense>
  );
}
