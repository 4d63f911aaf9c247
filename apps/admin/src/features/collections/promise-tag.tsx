import { Tag } from 'antd';
import type { PromiseView } from '@kaskita/domain/contract/admin-collections';
import { useI18n } from '../../lib/i18n.tsx';

/** A promise's state in words, never by colour alone. */
export function PromiseTag({ state }: { state: PromiseView['state'] }) {
  const { t } = useI18n();
  if (state === 'kept') return <Tag color="green">{t({ 'en-US': 'Kept', 'id-ID': 'Ditepati' })}</Tag>;
  if (state === 'broken') return <Tag color="red">{t({ 'en-US': 'Broken', 'id-ID': 'Diingkari' })}</Tag>;
  return <Tag color="blue">{t({ 'en-US': 'Pending', 'id-ID': 'Menunggu' })}</Tag>;
}
