import { useEffect, useRef, useState } from 'react';
import { cancelSmartTerminal } from '../../api/card-payment';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import { followAttempt } from './follow-attempt';

export const CHOOSING_MESSAGE = 'The customer is choosing the payment method...';
export const RECONNECTING_MESSAGE = 'Connection to the server lost. Checking the payment...';

function useAttemptOutcome(attemptId: string, onFinal: (ok: boolean, message: string) => void): boolean {
  const [reconnecting, setReconnecting] = useState(false);
  const final = useRef(onFinal);
  final.current = onFinal;
  useEffect(
    () => followAttempt(attemptId, { final: (ok, m) => final.current(ok, m), reconnecting: setReconnecting }),
    [attemptId],
  );
  return reconnecting;
}

/** "The customer is choosing the payment method..." with Cancel Transaction, until the outcome. */
export function CardWaitingDialog(props: {
  attemptId: string;
  device: string;
  onFinal: (ok: boolean, message: string) => void;
}) {
  const toast = useToast();
  const reconnecting = useAttemptOutcome(props.attemptId, props.onFinal);
  return (
    <Modal
      open
      onOpenChange={() => undefined}
      title="Waiting for the customer"
      footer={
        <Button
          variant="danger"
          onClick={() =>
            void cancelSmartTerminal(props.device, props.attemptId).catch((e: unknown) =>
              toast.error((e as Error).message),
            )
          }
        >
          Cancel Transaction
        </Button>
      }
    >
      {/* One line: the spinner's label is the status (announced; it used to be said twice). */}
      <Spinner label={reconnecting ? RECONNECTING_MESSAGE : CHOOSING_MESSAGE} />
    </Modal>
  );
}
