/**
 * A handful of inline SVG icons. Emoji and pictograph glyphs (globe, shield, ...) render as empty boxes on
 * phones and headless browsers without an emoji font; SVG paths render everywhere and follow `color`.
 * Stroke icons on a 24 x 24 grid, sized to the surrounding text by default.
 */
const PATHS = {
  globe: [
    'M21 12a9 9 0 1 1-18 0a9 9 0 1 1 18 0',
    'M3 12h18',
    'M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  ],
  shield: ['M12 3l7 3v5c0 4.5-3 8.3-7 10c-4-1.7-7-5.5-7-10V6z', 'M9 12l2 2l4-4'],
  warning: ['M12 3L2 20h20z', 'M12 10v4', 'M12 17v.01'],
  clock: ['M21 12a9 9 0 1 1-18 0a9 9 0 1 1 18 0', 'M12 7v5l3 2'],
  home: ['M3 11l9-8l9 8', 'M5 9.5V21h5v-6h4v6h5V9.5'],
  bill: ['M6 3h12v18l-3-2l-3 2l-3-2l-3 2z', 'M9 8h6', 'M9 12h6'],
  user: ['M16 8a4 4 0 1 1-8 0a4 4 0 1 1 8 0', 'M4 21c0-4 3.6-7 8-7s8 3 8 7'],
  back: ['M15 5l-7 7l7 7'],
  forward: ['M9 5l7 7l-7 7'],
  play: ['M7 4l13 8l-13 8z'],
  check: ['M5 12l5 5l9-10'],
  eye: ['M2 12s3.6-7 10-7s10 7 10 7s-3.6 7-10 7S2 12 2 12z', 'M15 12a3 3 0 1 1-6 0a3 3 0 1 1 6 0'],
  'eye-off': [
    'M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.4',
    'M6.6 6.6C3.6 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6',
    'M9.9 9.9a3 3 0 0 0 4.2 4.2',
    'M3 3l18 18',
  ],
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = '1em',
  className,
}: {
  name: IconName;
  size?: number | string;
  className?: string;
}) {
  return (
    <svg
      className={className ? `kk-icon ${className}` : 'kk-icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} fill={name === 'play' ? 'currentColor' : undefined} />
      ))}
    </svg>
  );
}
