import { Link } from 'react-router';
import type { ComplaintCategory } from '@kaskita/domain/complaints/complaint-rules';
import {
  HELP_CATEGORY_PARAM,
  HELP_ORDER_PARAM,
  SUPPORT_CATEGORY_BY_CODE,
} from '@kaskita/domain/complaints/support-topics';
import { paths } from '../config/paths.ts';
import { useT } from '../lib/i18n.ts';
import './support-link.css';

type Props = {
  /** The complaint category Me > Help opens its form with; or the refusal's code, which names one. */
  category?: ComplaintCategory | undefined;
  code?: number | null | undefined;
  /** The loan the complaint would be about, when the page knows it. */
  orderId?: string | undefined;
  testId?: string;
};

/**
 * "Contact customer service", as a link to Me > Help with the complaint form already on the right category: every
 * message that sends the borrower to customer service carries one. Nothing for a code that does not send them there.
 */
export function SupportLink({ category, code, orderId, testId = 'support-link' }: Props) {
  const t = useT();
  const topic = category ?? (code ? SUPPORT_CATEGORY_BY_CODE[code] : undefined);
  if (!topic) return null;
  return (
    <Link
      className="kk-support-link"
      to={paths.meHelp.href({ [HELP_CATEGORY_PARAM]: topic, [HELP_ORDER_PARAM]: orderId })}
      data-testid={testId}
    >
      {t('common.contactSupport')}
    </Link>
  );
}
