import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { firstFailure, type Rule } from './option-rules.ts';
import { toast } from './toast.ts';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  rules?: readonly Rule[];
  /** Runs only when every rule passes. */
  onClick: () => void;
  /** Where the first failing message goes; a toast by default. */
  onRuleFailed?: (message: string) => void;
  variant?: 'primary' | 'ghost' | 'link';
  children: ReactNode;
};

/** A button that checks its rules first and shows the first failing message (spec sections 2 and 5). */
export function OptionButton({
  rules = [],
  onClick,
  onRuleFailed,
  variant = 'primary',
  className,
  children,
  ...rest
}: Props) {
  return (
    <button
      type="button"
      className={`kk-btn kk-btn--${variant}${className ? ` ${className}` : ''}`}
      onClick={() => {
        const failed = firstFailure(rules);
        if (failed) (onRuleFailed ?? toast.warning)(failed);
        else onClick();
      }}
      {...rest}
    >
      {children}
    </button>
  );
}
