import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { ProfileProgress } from '@kaskita/domain/contract/profile';
import { nextStepHref } from '../step-flow.ts';

/** After a save: on to the step the answer's progress names (or the complete profile). */
export function useGoToNextStep(): (progress: ProfileProgress) => void {
  const navigate = useNavigate();
  return useCallback((progress) => void navigate(nextStepHref(progress)), [navigate]);
}
