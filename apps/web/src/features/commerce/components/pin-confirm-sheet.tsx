import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { PAY_PIN_LENGTH } from '@kaskita/domain/contract/pay-pin-length';
import { BottomSheet } from '../../../components/bottom-sheet.tsx';
import { PinConfirmationCancelled } from '../../../components/pin-confirmation.ts';
import { PinField } from '../../../components/pin-field.tsx';
import { paths, REDIRECT_PARAM } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { refusalData } from '../refusal-data.ts';
import './commerce.css';

/** What waits for the PIN: the action, and the caller's promise to settle with its answer. */
export interface PinRequest {
  run: (pin: string) => Promise<unknown>;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

// Typed against the catalogue, not imported from it at run time (pin-confirmation-provider.tsx says why).
const PAY_PIN_WRONG = 4417 as const satisfies (typeof ERRORS)['PAY_PIN_WRONG']['code'];
const PAY_PIN_LOCKED = 4418 as const satisfies (typeof ERRORS)['PAY_PIN_LOCKED']['code'];
/** Refusals of the PIN itself, said under it while the sheet stays; any other answer is the caller's to show. */
const PIN_REFUSALS: ReadonlySet<number> = new Set([PAY_PIN_WRONG, PAY_PIN_LOCKED]);

/**
 * The payment PIN for a cash-loan order or a bank-card change, sent with it as soon as the sixth digit is typed. A
 * wrong or locked PIN is said under the field; closing the sheet cancels the action (nothing was sent without it).
 */
export function PinConfirmSheet({ request, onDone }: { request: PinRequest; onDone: () => void }) {
  const t = useT(commerceTexts);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const send = async (value: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await request.run(value);
      onDone();
      request.resolve(answer);
    } catch (e) {
      setPin('');
      const server = e instanceof ApiError && e.kind === 'server';
      if (server && PIN_REFUSALS.has(e.code)) {
        const { triesLeft } = refusalData(e.data);
        setError(
          e.code === PAY_PIN_WRONG && triesLeft !== undefined
            ? t('pin.wrong', { count: triesLeft })
            : e.message,
        );
      } else if (server && refusalData(e.data).fields.includes('pay_pin')) {
        setError(e.message);
      } else {
        onDone();
        request.reject(e);
      }
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (busy) return;
    onDone();
    request.reject(new PinConfirmationCancelled());
  };

  return (
    <BottomSheet visible onClose={close} title={t('pinConfirm.title')}>
      <form
        className="kk-checkout__pin"
        noValidate
        data-testid="pin-confirm-sheet"
        onSubmit={(e) => {
          e.preventDefault();
          if (pin.length === PAY_PIN_LENGTH) void send(pin);
        }}
      >
        <p className="kk-small kk-muted">{t('pinConfirm.hint')}</p>
        <PinField
          label={t('pin.label')}
          value={pin}
          onChange={(v) => {
            setPin(v);
            setError(null);
          }}
          onComplete={(v) => void send(v)}
          error={error}
          testId="pin-confirm"
          autoFocus
        />
        <button
          type="submit"
          className="kk-btn kk-btn--primary kk-btn--block"
          data-testid="pin-confirm-submit"
          disabled={busy || pin.length !== PAY_PIN_LENGTH}
        >
          {t('pin.confirm')}
        </button>
        {/* A forgotten or locked PIN is chosen again with an SMS code, and the borrower comes back here. */}
        <button
          type="button"
          className="kk-btn kk-btn--link kk-btn--block"
          data-testid="pin-confirm-forgot"
          disabled={busy}
          onClick={() => {
            close();
            void navigate(paths.mePayPin.href({ [REDIRECT_PARAM]: pathname + search }));
          }}
        >
          {t('pin.forgot')}
        </button>
      </form>
    </BottomSheet>
  );
}
