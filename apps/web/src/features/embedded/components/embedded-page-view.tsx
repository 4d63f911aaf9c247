import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { answerBridgeMessage, type BridgeAnswers } from '../embedded-bridge.ts';
import { embeddableUrl } from '../embedded-url.ts';
import { embeddedTexts } from '../embedded-texts.ts';

interface Props {
  /** The `url` query. */
  url: string | null;
  /** The lender's hosts (GET /v1/config `iframe_hosts`); undefined while the configuration is loading. */
  allowedHosts: readonly string[] | undefined;
  answers: BridgeAnswers;
  title: string;
}

/**
 * Scripts, its own origin (so its messages carry it, and its cookies work) and forms: what a lender's page needs.
 * No top navigation (it leaves through appFinish), no popups, no downloads, no device features.
 */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/** A lender's page in a frame, with the message bridge of embedded-bridge.ts; a refusal for any other address. */
export function EmbeddedPageView({ url, allowedHosts, answers, title }: Props) {
  const t = useT(embeddedTexts);
  const frame = useRef<HTMLIFrameElement>(null);
  const target = useMemo(
    () => (allowedHosts ? embeddableUrl(url, allowedHosts, window.location.origin) : null),
    [url, allowedHosts],
  );
  // The newest answers (the token may have been refreshed) without listening again.
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = answers;
  });

  useEffect(() => {
    if (!target) return;
    const origin = target.origin;
    const onMessage = (event: MessageEvent) =>
      void answerBridgeMessage(event, {
        frame: frame.current?.contentWindow ?? null,
        origin,
        answers: latest.current,
      });
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [target]);

  if (allowedHosts === undefined) return null;
  if (!target)
    return (
      <div className="kk-status-page" data-testid="embedded-refused">
        <div className="kk-status-page__icon" aria-hidden="true">
          <Icon name="shield" size={48} />
        </div>
        <h2>{t('embedded.refusedTitle')}</h2>
        <p className="kk-muted">{t('embedded.refusedBody')}</p>
        <Link className="kk-btn kk-btn--primary" to={paths.home.path}>
          {t('embedded.home')}
        </Link>
      </div>
    );
  return (
    <iframe
      ref={frame}
      data-testid="embedded-frame"
      src={target.href}
      title={title || t('embedded.frameTitle')}
      sandbox={SANDBOX}
      referrerPolicy="no-referrer"
      style={{ display: 'block', width: '100%', height: 'calc(100dvh - 46px)', border: 0 }}
    />
  );
}
