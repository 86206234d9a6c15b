/** What a provider's card form hands to the payment modal once it is ready. */
export type ConfirmResult = { ok: true } | { ok: false; message: string | null };
export type ConfirmFn = () => Promise<ConfirmResult>;

export interface CardFormProps {
  clientSecret: string;
  publishableKey?: string | null;
  /** Called once the form can take a payment, with the function that confirms it. */
  onReady: (confirm: ConfirmFn) => void;
  /** Where a provider that redirects (3-D Secure) sends the payer back. */
  returnUrl: string;
  disabled?: boolean;
}
