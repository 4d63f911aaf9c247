import { DigitsField } from '../../../components/digits-field.tsx';
import { OptionPickerField } from '../../../components/option-picker-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { useBankList } from '../api/get-bank-list.ts';
import { bankCardsTexts } from '../bank-cards-texts.ts';

export type BankFieldsProps = {
  bank: FieldBinding<string>;
  cardNum: FieldBinding<string>;
  name: FieldBinding<string>;
  /** Editing the bank or the number: the bank's refusal of the previous account no longer applies. */
  onEdit: () => void;
};

/**
 * The bank or e-wallet (searchable, from GET /v2/config/banklist), the account number (an e-wallet's phone) and the
 * holder, bound to any form holding
 * them: a card added from Me, and the onboarding step and a failed disbursement's correction (profile, given these
 * fields by their route).
 */
export function BankFields({ bank, cardNum, name, onEdit }: BankFieldsProps) {
  const t = useT(bankCardsTexts);
  const banks = useBankList();
  // An e-wallet's account is the phone it is registered to: the field says so.
  const wallet = banks.data?.list.find((b) => b.code === bank.value && b.kind === 'ewallet');
  return (
    <>
      <OptionPickerField
        label={t('bankCard.fields.bank')}
        options={(banks.data?.list ?? []).map((b) => ({ value: b.code, label: b.name }))}
        value={bank.value}
        onChange={(v) => {
          bank.onChange(v);
          onEdit();
        }}
        error={bank.error}
        placeholder={t('bankCard.fields.choose')}
        searchPlaceholder={t('bankCard.fields.bankSearch')}
        emptyText={t('bankCard.fields.bankEmpty')}
        testId="bank-bank"
      />
      <DigitsField
        label={
          wallet
            ? t('bankCard.fields.walletPhone', { name: wallet.name.replace(/ \(e-wallet\)$/, '') })
            : t('bankCard.fields.cardNum')
        }
        placeholder={wallet ? '0812 3456 7890' : t('bankCard.fields.cardNumPlaceholder')}
        maxLength={16}
        {...cardNum}
        onChange={(v) => {
          cardNum.onChange(v);
          onEdit();
        }}
        testId="bank-card-num"
      />
      <TextField
        label={t('bankCard.fields.holder')}
        autoComplete="name"
        maxLength={100}
        {...name}
        testId="bank-holder"
      />
    </>
  );
}
