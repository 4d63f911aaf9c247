import './loading-overlay.css';

/** Full-screen loading cover (z-index 999, spec section 9) for calls the user must wait for. */
export function LoadingOverlay({ visible, label }: { visible: boolean; label: string }) {
  if (!visible) return null;
  return (
    <div className="kk-loading" role="status" aria-live="polite">
      <span className="kk-loading__spinner" aria-hidden="true" />
      <span className="kk-visually-hidden">{label}</span>
    </div>
  );
}
