import { interpolate, useLocale } from '../../../lib/i18n.ts';
import { useAppConfig, type AppConfig } from '../../../lib/app-config.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import type { LegalBlock, LegalTexts } from '../content/legal-document.ts';
import './legal.css';

/** The lender's identity as the documents name it, from configuration ('…' until it has loaded). */
export function legalVars(config: AppConfig | undefined, version: string): Record<string, string> {
  const v = (value: string | undefined) => value ?? '…';
  return {
    version,
    company: v(config?.company_legal_name),
    address: v(config?.company_address),
    registration: v(config?.ojk_registration_number),
    supportPhone: v(config?.support_phone),
    supportEmail: v(config?.support_email),
    complaintEmail: v(config?.complaint_email),
    dpoEmail: v(config?.dpo_email),
  };
}

function Block({ block, vars }: { block: LegalBlock; vars: Record<string, string> }) {
  if (typeof block === 'string') return <p>{interpolate(block, vars)}</p>;
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{interpolate(item, vars)}</li>
      ))}
    </ul>
  );
}

/** A legal document in the borrower's language (Indonesian governs; the English page says it is a translation). */
export function LegalDocumentView({
  texts,
  version,
  testId,
}: {
  texts: LegalTexts;
  version: string;
  testId: string;
}) {
  const locale = useLocale();
  const { data: config } = useAppConfig();
  const doc = texts[locale];
  const vars = legalVars(config, version);
  return (
    <article className="kk-legal" data-testid={testId} data-version={version} lang={locale}>
      <div className="kk-legal__top">
        <LanguageSwitch />
      </div>
      <h1 className="kk-legal__title">{doc.title}</h1>
      <p className="kk-legal__intro">{interpolate(doc.intro, vars)}</p>
      {doc.sections.map((s) => (
        <section key={s.heading}>
          <h2 className="kk-legal__h2">{s.heading}</h2>
          {s.blocks.map((b, i) => (
            <Block key={i} block={b} vars={vars} />
          ))}
        </section>
      ))}
    </article>
  );
}
