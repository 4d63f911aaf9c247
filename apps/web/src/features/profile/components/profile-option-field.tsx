import { optionList } from '@kaskita/domain/i18n/profile-options';
import { OptionPickerField } from '../../../components/option-picker-field.tsx';
import { useLocale, useT } from '../../../lib/i18n.ts';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import type { OptionValue, Options } from '../profile-form.ts';
import { profileTexts } from '../profile-texts.ts';

/** A field of one of the profile's enumerations (education, religion ...), labelled in the UI language. */
export function ProfileOptionField({
  label,
  options,
  field,
  testId,
}: {
  label: string;
  options: Options;
  field: FieldBinding<OptionValue>;
  testId: string;
}) {
  const t = useT(profileTexts);
  const locale = useLocale();
  return (
    <OptionPickerField
      label={label}
      options={optionList(options, locale)}
      value={field.value}
      onChange={field.onChange}
      error={field.error}
      placeholder={t('profile.choose')}
      testId={testId}
    />
  );
}
