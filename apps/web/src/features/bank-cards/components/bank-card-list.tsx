import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BANK_CARDS_MAX, type BankCards } from '@kaskita/domain/contract/bank-cards';
import { useConfirmWithPin } from '../../../components/pin-confirmation.ts';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { toast } from '../../../components/toast.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useBankCards } from '../api/get-bank-cards.ts';
import { useRemoveBankCard } from '../api/remove-bank-card.ts';
import { useSetDefaultBank } from '../api/set-default-bank.ts';
import { bankCardsTexts } from '../bank-cards-texts.ts';
import './bank-cards.css';

type Card = BankCards['cards'][number];

/**
 * /me/bank-card (GET /v1/user/bank): every saved account, the one loans are paid into marked, the one a disbursement
 * is going to marked too. "Make default" (POST /v1/user/setbank) and "Remove" (POST /v1/user/bank_remove, asked once
 * more), which is off, with the reason beside it, for the only card and for a card money is being sent to. "Add bank
 * account" and each card's "Replace" open /me/bank-card-add/1 (the page asks for an SMS code); at BANK_CARDS_MAX cards
 * only replacing is offered, and a line says why.
 */
export function BankCardList() {
  const t = useT(bankCardsTexts);
  const cards = useBankCards();
  const [removing, setRemoving] = useState<Card | null>(null);
  const remove = useRemoveBankCard();
  const makeDefault = useSetDefaultBank();
  const confirmWithPin = useConfirmWithPin();
  if (cards.isError && !cards.data)
    return (
      <div className="kk-status-page" data-testid="bank-cards-load-failed">
        <p className="kk-muted">{t('bankCard.loadFailed')}</p>
        <button type="button" className="kk-btn kk-btn--primary" onClick={() => void cards.refetch()}>
          {t('bankCard.retry')}
        </button>
      </div>
    );
  if (!cards.data)
    return (
      <p className="kk-muted kk-center" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  const list = cards.data.cards;
  const busy = remove.isPending || makeDefault.isPending;
  const confirmRemove = async (card: Card) => {
    setRemoving(null);
    try {
      await remove.mutateAsync(card.id);
      toast.success(t('bankCard.removed'));
    } catch {
      // toasted by the api client (4302); the list is read again
    }
  };
  const choose = async (card: Card) => {
    try {
      // A bank-card change: with the payment PIN once the borrower has set one (a sheet asks for it).
      await confirmWithPin((pin) => makeDefault.mutateAsync({ id: card.id, pay_pin: pin }));
      toast.success(t('bankCard.madeDefault', { bank: card.bank_name }));
    } catch (e) {
      // A network failure is toasted by the api client, a closed PIN sheet sent nothing.
      if (e instanceof ApiError && e.kind === 'server') toast.error(e.message);
    }
  };
  return (
    <div className="kk-content kk-bank-cards" data-testid="page-bank-card">
      {list.length === 0 ? (
        <p className="kk-muted" data-testid="bank-cards-empty">
          {t('bankCard.empty')}
        </p>
      ) : (
        <ul className="kk-bank-cards__list">
          {list.map((card) => (
            <BankCardItem
              key={card.id}
              card={card}
              only={list.length === 1}
              busy={busy}
              onMakeDefault={() => void choose(card)}
              onRemove={() => setRemoving(card)}
            />
          ))}
        </ul>
      )}
      {list.length < BANK_CARDS_MAX ? (
        <Link
          className="kk-btn kk-btn--ghost kk-btn--block kk-bank-cards__add"
          to={paths.meBankCardAdd.href('1')}
          data-testid="bank-card-add"
        >
          {t('bankCard.add')}
        </Link>
      ) : (
        <p className="kk-small kk-muted kk-bank-cards__add" data-testid="bank-card-add-max">
          {t('bankCard.maxWhy', { max: BANK_CARDS_MAX })}
        </p>
      )}
      <p className="kk-small kk-muted">{t('bankCard.note')}</p>
      <TextDialog
        visible={removing !== null}
        title={t('bankCard.removeTitle')}
        content={
          removing
            ? t('bankCard.removeBody', { account: `${removing.bank_name} ${removing.card_num_masked}` })
            : ''
        }
        confirmText={t('bankCard.remove')}
        cancelText={t('common.cancel')}
        onConfirm={() => removing && void confirmRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function BankCardItem({
  card,
  only,
  busy,
  onMakeDefault,
  onRemove,
}: {
  card: Card;
  only: boolean;
  busy: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const t = useT(bankCardsTexts);
  const titleId = useId();
  const whyId = useId();
  const why = card.in_use ? t('bankCard.inUseWhy') : only ? t('bankCard.onlyWhy') : null;
  return (
    <li className="kk-card kk-bank-cards__card" data-testid={`bank-card-${card.id}`}>
      <div className="kk-bank-cards__head">
        <h2 className="kk-bank-cards__title" id={titleId}>
          {card.bank_name}
        </h2>
        <span className="kk-bank-cards__badges">
          {card.is_default ? (
            <span className="kk-bank-cards__badge" data-testid="bank-card-default">
              {t('bankCard.default')}
            </span>
          ) : null}
          {card.in_use ? (
            <span className="kk-bank-cards__badge kk-bank-cards__badge--busy" data-testid="bank-card-in-use">
              {t('bankCard.inUse')}
            </span>
          ) : null}
        </span>
      </div>
      <p className="kk-bank-cards__number">{card.card_num_masked}</p>
      <p className="kk-muted kk-bank-cards__holder">{card.name}</p>
      <div className="kk-bank-cards__actions">
        {card.is_default ? null : (
          <button
            type="button"
            className="kk-btn kk-btn--ghost kk-btn--small"
            data-testid="bank-card-make-default"
            disabled={busy}
            onClick={onMakeDefault}
          >
            {t('bankCard.makeDefault')}
          </button>
        )}
        <button
          type="button"
          className="kk-btn kk-btn--link"
          data-testid="bank-card-remove"
          disabled={busy || why !== null}
          aria-describedby={why ? whyId : undefined}
          onClick={onRemove}
        >
          {t('bankCard.remove')}
        </button>
        {/* A card money is being sent to stays until it arrives: replacing it would not take it away. */}
        {card.in_use ? null : (
          <Link
            className="kk-btn kk-btn--link"
            to={paths.meBankCardAdd.href('1', { id: card.id })}
            data-testid="bank-card-replace"
          >
            {t('bankCard.replace')}
          </Link>
        )}
      </div>
      {why ? (
        <p className="kk-small kk-muted kk-bank-cards__why" id={whyId} data-testid="bank-card-remove-why">
          {why}
        </p>
      ) : null}
    </li>
  );
}
