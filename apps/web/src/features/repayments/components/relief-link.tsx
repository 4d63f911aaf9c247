import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { repaymentsTexts } from '../repayments-texts.ts';

/**
 * "Struggling to pay?": the way to relief (/home/relief, its own chunk) from the pages of a loan with a bill left
 * to pay. A link and nothing of relief itself, so the bills' chunk stays as it was.
 */
export function ReliefLink({ className }: { className: string }) {
  const t = useT(repaymentsTexts);
  return (
    <Link className={className} to={paths.homeRelief.path} data-testid="relief-link">
      {t('repayment.reliefLink')}
    </Link>
  );
}
