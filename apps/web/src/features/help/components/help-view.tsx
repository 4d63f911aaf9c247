import type { HelpContent } from '@kaskita/domain/contract/complaints';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useHelpContent } from '../api/get-help-content.ts';
import { helpTexts } from '../help-texts.ts';
import '../help.css';

/** A number as a tel: link dials it: digits (and a leading +) only. */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/** Me > Help's first half: the questions and answers (collapsed), then how to reach customer service and when. */
export function HelpView() {
  const t = useT(helpTexts);
  const locale = useLocale();
  const { data } = useHelpContent();
  if (!data) return <div className="kk-card" aria-busy="true" />;
  return (
    <>
      <section className="kk-card" aria-labelledby="kk-help-faq">
        <h2 id="kk-help-faq" className="kk-help__title">
          {t('help.faqTitle')}
        </h2>
        {data.faq.map((item) => (
          <details key={item.id} className="kk-help__faq" data-testid={`faq-${item.id}`}>
            <summary>{item.question[locale]}</summary>
            <p>{item.answer[locale]}</p>
          </details>
        ))}
      </section>
      <Channels channels={data.channels} />
    </>
  );
}

function Channels({ channels }: { channels: HelpContent['channels'] }) {
  const t = useT(helpTexts);
  return (
    <section className="kk-card" aria-labelledby="kk-help-channels" data-testid="help-channels">
      <h2 id="kk-help-channels" className="kk-help__title">
        {t('help.channelsTitle')}
      </h2>
      <p className="kk-small kk-muted">{t('help.hours', { hours: channels.hours })}</p>
      <ul className="kk-help__channels">
        <li>
          {t('help.phone')}:{' '}
          <a href={`tel:${dialable(channels.phone)}`} data-testid="channel-phone">
            {channels.phone}
          </a>
        </li>
        {channels.whatsapp ? (
          <li>
            {t('help.whatsapp')}:{' '}
            <a
              href={`https://wa.me/${channels.whatsapp.replace(/\D/g, '')}`}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="channel-whatsapp"
            >
              {channels.whatsapp}
            </a>
          </li>
        ) : null}
        <li>
          {t('help.email')}:{' '}
          <a href={`mailto:${channels.email}`} data-testid="channel-email">
            {channels.email}
          </a>
        </li>
        <li>
          {t('help.complaintEmail')}:{' '}
          <a href={`mailto:${channels.complaint_email}`} data-testid="channel-complaint-email">
            {channels.complaint_email}
          </a>
        </li>
      </ul>
    </section>
  );
}
