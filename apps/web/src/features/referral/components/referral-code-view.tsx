import type { Referral, WalletCoupon } from '@kaskita/domain/contract/referral';
import { Icon } from '../../../components/icon.tsx';
import { toast } from '../../../components/toast.ts';
import { useCopyText } from '../../../lib/copy-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useReferral } from '../api/get-referral.ts';
import { referralTexts } from '../referral-texts.ts';
import './referral.css';

/**
 * /third/referral/code (signed in): my code and link with copy and share (the phone's share sheet where there is one),
 * how many friends joined, and my coupons as vouchers (what each gives, the plans it is for, until when, used or
 * expired). Friends are a number only: who they are is theirs.
 */
export function ReferralCodeView() {
  const t = useT(referralTexts);
  const referral = useReferral();
  if (referral.isError)
    return (
      <div className="kk-content" data-testid="page-referral-code">
        <p data-testid="referral-load-failed">{t('referralCode.loadFailed')}</p>
        <button type="button" className="kk-btn kk-btn--ghost" onClick={() => void referral.refetch()}>
          {t('referralCode.retry')}
        </button>
      </div>
    );
  return (
    <div className="kk-content kk-referral" data-testid="page-referral-code" aria-busy={referral.isPending}>
      <h1 className="kk-referral__heading">{t('referralCode.heading')}</h1>
      <p className="kk-small kk-muted">{t('referralCode.intro')}</p>
      {referral.data ? <ReferralDetails referral={referral.data} /> : null}
    </div>
  );
}

function ReferralDetails({ referral }: { referral: Referral }) {
  const t = useT(referralTexts);
  const share = async () => {
    try {
      await navigator.share({
        title: t('referralCode.shareTitle'),
        text: t('referralCode.shareText', { code: referral.code }),
        url: referral.link,
      });
    } catch {
      // Closed by the borrower, or refused: nothing to say.
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <>
      <section className="kk-card kk-referral__share">
        <CopyRow label={t('referralCode.code')} value={referral.code} testId="referral-code" large />
        <CopyRow label={t('referralCode.link')} value={referral.link} testId="referral-link" />
        {canShare ? (
          <button
            type="button"
            className="kk-btn kk-btn--primary kk-btn--block"
            data-testid="referral-share"
            onClick={() => void share()}
          >
            {t('referralCode.share')}
          </button>
        ) : null}
      </section>
      <section className="kk-card kk-referral__friends">
        <span>{t('referralCode.friends')}</span>
        <strong data-testid="referral-friends">{referral.friends_joined}</strong>
      </section>
      <section aria-labelledby="referral-coupons">
        <h2 className="kk-referral__title" id="referral-coupons">
          {t('referralCode.coupons')}
        </h2>
        {referral.coupons.length === 0 ? (
          <p className="kk-small kk-muted" data-testid="referral-no-coupons">
            {t('referralCode.noCoupons')}
          </p>
        ) : (
          <ul className="kk-referral__coupons" data-testid="referral-coupons">
            {referral.coupons.map((coupon) => (
              <CouponVoucher key={coupon.id} coupon={coupon} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function CopyRow({
  label,
  value,
  testId,
  large = false,
}: {
  label: string;
  value: string;
  testId: string;
  large?: boolean;
}) {
  const t = useT(referralTexts);
  const { copied, copy: copyValue } = useCopyText(value);
  const copy = async () => {
    if (!(await copyValue())) toast.info(t('referralCode.copyFailed'));
  };
  return (
    <div className="kk-referral__row">
      <span className="kk-small kk-muted">{label}</span>
      <span className={`kk-referral__value${large ? ' kk-referral__value--large' : ''}`} data-testid={testId}>
        {value}
      </span>
      <button
        type="button"
        className="kk-btn kk-btn--ghost kk-btn--small"
        data-testid={`${testId}-copy`}
        aria-label={`${large ? t('referralCode.copyCode') : t('referralCode.copyLink')}`}
        onClick={() => void copy()}
      >
        <span aria-live="polite">
          {copied
            ? t('referralCode.copied')
            : large
              ? t('referralCode.copyCode')
              : t('referralCode.copyLink')}
        </span>
      </button>
    </div>
  );
}

/** A coupon as a voucher: what it gives, for which plans, until when; a used or expired one says so. */
function CouponVoucher({ coupon }: { coupon: WalletCoupon }) {
  const t = useT(referralTexts);
  const plans = coupon.plans.map((pid) => {
    const months = /month-(\d+)-\d+$/.exec(pid)?.[1];
    return months ? t('referralCode.plan', { months }) : pid;
  });
  return (
    <li
      className={`kk-referral__voucher kk-referral__voucher--${coupon.state}`}
      data-testid={`referral-coupon-${coupon.id}`}
      data-state={coupon.state}
    >
      <Icon name="bill" />
      <span className="kk-referral__voucher-body">
        <span className="kk-referral__voucher-label">{coupon.label}</span>
        <span className="kk-small">{t('referralCode.validFor', { plans: plans.join(', ') })}</span>
        <span className="kk-small kk-muted">
          {coupon.state === 'used' && coupon.used_at
            ? t('referralCode.usedOn', { date: formatDate(coupon.used_at) })
            : t('referralCode.expires', { date: formatDate(coupon.expires_at) })}
        </span>
      </span>
      <span className="kk-referral__state" data-testid={`referral-coupon-state-${coupon.id}`}>
        {t(`referralCode.state_${coupon.state}`)}
      </span>
    </li>
  );
}
