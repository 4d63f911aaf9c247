import { PROFILE_STEPS, type ProfileProgress, type ProfileStep } from '@kaskita/domain/contract/profile';
import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';
import { STEP_LABEL_KEYS, stepNumber } from '../step-flow.ts';
import { profileTexts } from '../profile-texts.ts';
import './profile.css';

/** "Step n of 6" and the six steps, done ones ticked, so the borrower sees how far they are. */
export function StepHeader({ step, progress }: { step: ProfileStep; progress: ProfileProgress | undefined }) {
  const t = useT(profileTexts);
  return (
    <nav className="kk-steps" aria-label={t('profile.progressLabel')} data-testid="step-header">
      <p className="kk-steps__count" data-testid="step-count">
        {t('profile.stepOf', { n: stepNumber(step), total: PROFILE_STEPS.length })}
      </p>
      <ol className="kk-steps__list">
        {PROFILE_STEPS.map((s, i) => {
          const state = progress?.steps[s] ?? 'todo';
          const current = s === step;
          return (
            <li
              key={s}
              className={`kk-steps__item kk-steps__item--${state}${current ? ' kk-steps__item--current' : ''}`}
              aria-current={current ? 'step' : undefined}
              data-testid={`step-${s}`}
              data-state={state}
            >
              <span className="kk-steps__dot" aria-hidden="true">
                {state === 'done' ? <Icon name="check" size={14} /> : state === 'skipped' ? '–' : i + 1}
              </span>
              <span className="kk-steps__name" data-one-line>
                {t(STEP_LABEL_KEYS[s])}
              </span>
              <span className="kk-visually-hidden">
                {`, ${t(state === 'done' ? 'profile.stepDone' : state === 'skipped' ? 'profile.stepSkipped' : 'profile.stepTodo')}`}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
