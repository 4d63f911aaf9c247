import { REMINDER_CHANNELS, type ReminderChannel } from '@kaskita/domain/contract/verification';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { useReminderChannel, useSetReminderChannel } from '../api/reminder-channel.ts';
import { meTexts } from '../me-texts.ts';

/**
 * Where bill reminders and overdue notices go: SMS (the default) or the confirmed WhatsApp number, the borrower's
 * choice. WhatsApp is offered only once a number is confirmed; the server refuses it otherwise (4306).
 */
export function ReminderChannelCard() {
  const t = useT(meTexts);
  const state = useReminderChannel();
  const set = useSetReminderChannel();
  if (!state.data) return null;
  const { channel, whatsapp } = state.data;
  const choose = (next: ReminderChannel) => {
    if (next === channel) return;
    set.mutate(next, {
      onSuccess: () => toast.success(t('reminders.saved', { channel: t(`reminders.${next}`) })),
    });
  };
  return (
    <section className="kk-card kk-me__reminders" data-testid="reminder-channel">
      <ChoiceButtons
        label={t('reminders.label')}
        options={REMINDER_CHANNELS.map((c) => ({ value: c, label: t(`reminders.${c}`) }))}
        value={set.isPending ? set.variables : channel}
        onChange={choose}
        disabled={set.isPending || !whatsapp.verified}
        testId="reminder-channel"
      />
      <p className="kk-small kk-muted" data-testid="reminder-channel-note">
        {!whatsapp.verified
          ? t('reminders.needsWhatsapp')
          : channel === 'whatsapp'
            ? t('reminders.toWhatsapp', { phone: whatsapp.phone_masked ?? '' })
            : t('reminders.toSms')}
      </p>
    </section>
  );
}
