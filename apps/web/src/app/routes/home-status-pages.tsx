import {
  NotProductsView,
  NotRepaymentView,
  StatusDefaultView,
} from '../../features/home/components/home-status-views.tsx';

// One chunk for the home's rarer states (inside the home frame, which carries the title and banner).

export function NotProductsPage() {
  return <NotProductsView />;
}

export function NotRepaymentPage() {
  return <NotRepaymentView />;
}

export function StatusDefaultPage() {
  return <StatusDefaultView />;
}
