import { useId, useState } from 'react';
import type { PurposeView } from '@kaskita/domain/contract/loans';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { BottomSheet } from '../../../components/bottom-sheet.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { Icon } from '../../../components/icon.tsx';
import { PickerFieldTrigger } from '../../../components/picker-field-trigger.tsx';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { loansTexts } from '../loans-texts.ts';
import '../../../components/option-picker-field.css';
import './loans.css';

/** A purpose's name in the UI's language (the tree carries both, so a language switch needs no new request). */
export const purposeName = (p: PurposeView, locale: Locale) => (locale === 'id-ID' ? p.name_id : p.name_en);

/** The chosen purpose and its parent, or null when `id` is not a purpose of the tree. */
export function findPurpose(tree: readonly PurposeView[], id: number | null) {
  for (const parent of tree)
    for (const child of parent.children) if (child.id === id) return { parent, child };
  return null;
}

type Props = {
  purposes: readonly PurposeView[];
  /** The chosen child's id (what the order sends as purpose_id), or null. */
  value: number | null;
  onChange: (id: number) => void;
  error?: string | null;
};

/**
 * What the loan is for, in two steps in one sheet: the kind (daily needs, education, ...), then the purpose within
 * it. Only a purpose (a child) can be chosen; "back" returns to the kinds.
 */
export function PurposePicker({ purposes, value, onChange, error }: Props) {
  const t = useT(loansTexts);
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [parentId, setParentId] = useState<number | null>(null);
  const chosen = findPurpose(purposes, value);
  const parent = purposes.find((p) => p.id === parentId) ?? null;
  const close = () => {
    setOpen(false);
    setParentId(null);
  };
  return (
    <div className="kk-field">
      <PickerFieldTrigger
        id={id}
        label={t('loan.form.purpose')}
        error={error}
        testId="loan-purpose"
        onOpen={() => {
          setParentId(chosen?.parent.id ?? null);
          setOpen(true);
        }}
      >
        {chosen ? (
          `${purposeName(chosen.parent, locale)} / ${purposeName(chosen.child, locale)}`
        ) : (
          <span className="kk-muted">{t('loan.form.purposePlaceholder')}</span>
        )}
      </PickerFieldTrigger>
      <FieldError error={error} />
      <BottomSheet
        visible={open}
        onClose={close}
        title={parent ? purposeName(parent, locale) : t('loan.form.purpose')}
      >
        {parent ? (
          <>
            <button
              type="button"
              className="kk-btn kk-btn--link kk-loan__picker-back"
              data-testid="loan-purpose-back"
              onClick={() => setParentId(null)}
            >
              <Icon name="back" /> {t('loan.form.purposeKinds')}
            </button>
            <ul className="kk-picker__list" role="listbox" aria-label={purposeName(parent, locale)}>
              {parent.children.map((c) => (
                <li key={c.id} role="presentation">
                  <button
                    type="button"
                    role="option"
                    aria-selected={c.id === value}
                    className="kk-picker__option"
                    data-testid={`loan-purpose-option-${c.id}`}
                    onClick={() => {
                      onChange(c.id);
                      close();
                    }}
                  >
                    {purposeName(c, locale)}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <ul className="kk-picker__list" aria-label={t('loan.form.purposeKinds')}>
            {purposes
              .filter((p) => p.children.length > 0)
              .map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="kk-picker__option kk-loan__picker-parent"
                    aria-current={p.id === chosen?.parent.id ? 'true' : undefined}
                    data-testid={`loan-purpose-kind-${p.id}`}
                    onClick={() => setParentId(p.id)}
                  >
                    <span>{purposeName(p, locale)}</span>
                    <Icon name="forward" />
                  </button>
                </li>
              ))}
          </ul>
        )}
      </BottomSheet>
    </div>
  );
}
