import { useId, type ReactNode } from 'react';

/** Accepts image files only: the browser filter can be bypassed ("All files"), so we check again. */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

type Props = {
  label: ReactNode;
  onSelect: (file: File) => void;
  /** Message shown (by the caller) when a non-image is chosen. */
  onReject: () => void;
  /** Opens the camera directly on phones (KTP photo, selfie); the gallery otherwise. */
  capture?: 'environment' | 'user';
  testId?: string;
  /** The tap target's look: a ghost button by default, a large card for a page built around the photo. */
  className?: string;
  disabled?: boolean;
};

/** Image picker (spec section 2): image files only, optional camera capture. */
export function ImageUploadInput({
  label,
  onSelect,
  onReject,
  capture,
  testId,
  className = 'kk-btn kk-btn--ghost',
  disabled,
}: Props) {
  const id = useId();
  return (
    <label htmlFor={id} className={className} aria-disabled={disabled || undefined}>
      {label}
      <input
        id={id}
        type="file"
        accept="image/*"
        capture={capture}
        disabled={disabled}
        data-testid={testId}
        className="kk-visually-hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // choosing the same photo again must fire onChange again
          if (!file) return;
          if (isImageFile(file)) onSelect(file);
          else onReject();
        }}
      />
    </label>
  );
}
