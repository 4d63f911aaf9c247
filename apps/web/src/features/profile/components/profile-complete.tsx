import { ApplyChecklist } from '../../application/components/apply-checklist.tsx';

/** Every step is done: what is left before the application is submitted (WhatsApp, face, location). */
export function ProfileComplete() {
  return (
    <div data-testid="profile-complete">
      <ApplyChecklist />
    </div>
  );
}
