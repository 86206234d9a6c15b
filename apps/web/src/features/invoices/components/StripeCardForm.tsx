import '../strings';
import { Alert, Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useStrings } from '../../../i18n/lite';
import type { CardFormProps } from './cardForm';

/**
 * Stripe Elements (Payment Element) for the invoice's payment intent. @stripe/stripe-js is imported
 * only here, and this file only when the provider is stripe, so the public page stays small otherwise.
 */
export default function StripeCardForm({ clientSecret, publishableKey, onReady, returnUrl }: CardFormProps) {
  const { t } = useStrings('invoices');
  const mountRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void (async () => {
      try {
        if (!publishableKey) throw new Error('no publishable key');
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey);
        if (!stripe || cancelled || !mountRef.current) throw new Error('stripe did not load');
        const elements = stripe.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(mountRef.current);
        destroy = () => element.destroy();
        element.on('ready', () => {
          if (cancelled) return;
          onReady(async () => {
            const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
            return error ? { ok: false, message: error.message ?? null } : { ok: true };
          });
        });
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [clientSecret, publishableKey, onReady, returnUrl]);

  if (failed) return <Alert color="red">{t('payUnavailable')}</Alert>;
  return <Box ref={mountRef} data-testid="stripe-card-form" />;
}
