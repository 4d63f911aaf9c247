import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { optionList } from '@kaskita/domain/i18n/profile-options';
import { formatAmount, type Rupiah } from '@kaskita/domain/money/rupiah';

/**
 * A contract schema typed with the values its form holds. The schemas accept what a form posts (strings, '' for
 * blank) and what JSON sends, so zod types their input as `unknown`; the form's own shape says what its fields hold.
 */
export function formSchema<In extends FieldValues>() {
  return <Out>(schema: z.ZodType<Out>) => schema as unknown as z.ZodType<Out, In>;
}

/** What an option field holds: a code of the enumeration, or '' before one is chosen. */
export type OptionValue = number | '';

/** A saved value as a form's text (null is not filled yet). */
export const text = (v: string | null | undefined): string => v ?? '';
export const option = (v: number | null | undefined): OptionValue => v ?? '';
export const whole = (v: number | null): string => (v === null ? '' : String(v));
/** Grouped as AmountField shows what is typed: 1500000 -> '1.500.000'. */
export const amount = (v: Rupiah | null): string => (v === null ? '' : formatAmount(v));

export type Options = Parameters<typeof optionList>[0];
