import { screen, waitFor, within } from '@testing-library/react';

/** The region picker's sheet, as the English texts name it. */
export const regionSheet = () => screen.getByRole('dialog', { name: 'Choose your area' });

/**
 * An option of the region sheet, the sheet found again on every try rather than once: between two levels it may not be
 * there yet, and a busy machine (a CI run on 2026-12-02) looked for it in that moment.
 */
export const regionSheetOption = (name: string) =>
  waitFor(() => within(regionSheet()).getByRole('button', { name }));
