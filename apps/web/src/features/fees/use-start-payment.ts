import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TCreatePaymentRequest } from '@portal/contracts/fees';
import { MessageId } from '@portal/contracts/messages';
import { paths } from '../../config/paths.ts';
import { toApiFailure, type TApiFailure } from '../../lib/api-error.ts';
import { useCreatePaymentMutation } from './api.ts';
import { leaveFor } from './leave-for.ts';

/** A payment request without its idempotency key, which the hook adds. */
export type TPaymentBody = TCreatePaymentRequest extends infer R
  ? R extends TCreatePaymentRequest
    ? Omit<R, 'idempotencyKey'>
    : never
  : never;

/** `idle`, `sending` the request, or `leaving` for the provider's page. */
export type TStartState = 'idle' | 'sending' | 'leaving';

/** The return page of a payment, where a payment that needs no provider page goes at once. */
export function paymentReturnPath(paymentId: string): string {
  return `${paths.paymentReturn}?payment=${encodeURIComponent(paymentId)}`;
}

/**
 * Starts payments. One pay action has one idempotency key: a second press while the first is
 * under way does nothing, and pressing again after a failure (the same choice) sends the same
 * key, so the server never makes a second payment; a different choice is a new action.
 */
export function useStartPayment() {
  const [createPayment] = useCreatePaymentMutation();
  const navigate = useNavigate();
  const action = useRef<{ signature: string; key: string } | null>(null);
  const busy = useRef(false);
  const [state, setState] = useState<TStartState>('idle');
  const [failure, setFailure] = useState<TApiFailure | null>(null);

  // Coming back from the provider with the Back button restores this page from the cache.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setState('idle');
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const start = useCallback(
    async (body: TPaymentBody) => {
      if (busy.current) return;
      busy.current = true;
      const signature = JSON.stringify(body);
      if (action.current?.signature !== signature) {
        action.current = { signature, key: crypto.randomUUID() };
      }
      const idempotencyKey = action.current.key;
      setFailure(null);
      setState('sending');
      try {
        const answer = await createPayment({ ...body, idempotencyKey } as TCreatePaymentRequest).unwrap();
        if (answer.payment.status === 'pending' && answer.redirectUrl) {
          setState('leaving');
          if (leaveFor(answer.redirectUrl)) return;
          throw new Error('The payment page address is not a web address');
        }
        busy.current = false;
        setState('idle');
        navigate(paymentReturnPath(answer.payment.id));
      } catch (error) {
        const mapped = toApiFailure(
          error instanceof Error ? undefined : (error as Parameters<typeof toApiFailure>[0]),
        );
        // The key was used with other details: the next press is a new action.
        if (mapped.messageId === MessageId.idempotencyKeyReused) action.current = null;
        busy.current = false;
        setState('idle');
        setFailure(mapped);
      }
    },
    [createPayment, navigate],
  );

  return { start, state, failure, clearFailure: () => setFailure(null) };
}
