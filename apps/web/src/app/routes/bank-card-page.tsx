import { BankCardList } from '../../features/loans/components/bank-card-list.tsx';
import { RouteTopBar } from '../route-top-bar.tsx';

/** /me/bank-card: the saved accounts (its own chunk: a Me page, not part of borrowing). */
export default function BankCardPage() {
  return (
    <>
      <RouteTopBar />
      <BankCardList />
    </>
  );
}
