import { DigitsField } from '../../../components/digits-field.tsx';
import { OptionPickerField } from '../../../components/option-picker-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { useBankList } from '../api/get-bank-list.ts';

export type BankFieldsProps = {
  bank: FieldBinding<string>;
  cardNum: FieldBinding<string>;
  name: FieldBinding<string>;
  /** Editing the bank or the number: the bank's refusal of the previous account no longer applies. */
  onEdit: () => void;
};

/**
 * The bank (searchable, from GET /v2/config/banklist), the account number and the holder, bound to any form holding
 * them: the onboarding step's, a failed disbursement's correction, and a card added from Me (given by its route).
 */
export function BankFields({ bank, cardNum, name, onEdit }: BankFieldsProps) {
  const t = useT();
  const banks = useBankList();
  return (
    <>
      <OptionPickerField
        label={t('profile.bank.bank')}
        options={(banks.data?.list ?? []).map((b) => ({ value: b.code, label: b.name }))}
        value={bank.value}
        onChange={(v) => {
          bank.onChange(v);
          onEdit();
        }}
        error={bank.error}
        placeholder={t('profile.choose')}
        searchPlaceholder={t('profile.bank.bankSearch')}
        emptyText={t('profile.bank.bankEmpty')}
        testId="bank-bank"
      />
      <DigitsField
        label={t('profile.bank.cardNum')}
        placeholder={t('profile.bank.cardNumPlaceholder')}
        maxLength={16}
        {...cardNum}
        onChange={(v) => {
          cardNum.onChange(v);
          onEdit();
        }}
        testId="bank-card-num"
      />
      <TextField
        label={t('profile.bank.holder')}
        autoComplete="name"
        maxLength={100}
        {...name}
        testId="bank-holder"
      />
    </>
  );
}
