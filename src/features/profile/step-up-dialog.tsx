import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { useRootStore } from '@/stores/root-store';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { settleStepUp, useStepUpAsked } from './step-up';

// The code boxes, the QR code and the recovery codes come when the dialog first opens.
const StepUpForm = lazyRetrying(() => import('./step-up-form').then((m) => ({ default: m.StepUpForm })));

/**
 * "Confirm it's you": a call refused until this session answers its second factor (issue 45)
 * waits while the user answers it here, or sets one up first, and is then sent again. Mounted
 * once, in the signed-in frame. Once new recovery codes are on screen, only Continue closes it.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const asked = useStepUpAsked((s) => s.asked);
  const [codesShown, setCodesShown] = useState(false);

  // Signed out (or the session ended) while asked: the calls keep their 403.
  useEffect(
    () => () => {
      if (!useRootStore.getState().auth.token) settleStepUp(false);
    },
    [],
  );

  const close = (answered: boolean) => {
    setCodesShown(false);
    settleStepUp(answered);
  };
  return (
    <Modal
      opened={asked}
      onClose={() => close(false)}
      title={t('stepUp.title')}
      size="md"
      closeOnClickOutside={false}
      closeOnEscape={!codesShown}
      withCloseButton={!codesShown}
    >
      {asked && <StepUpForm onAnswered={() => close(true)} onCancel={() => close(false)} onCodesShown={() => setCodesShown(true)} />}
    </Modal>
  );
}
