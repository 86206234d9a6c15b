/** The part-payment amount rule of the pay page (kept apart so the page loads the field only when needed). */
export type PayAmountProblem = 'required' | 'tooLittle' | 'tooMuch';

/** Why a part payment cannot be taken (null: it can). The whole balance is always fine, also below the minimum. */
export function payAmountProblem(amount: number | null, balance: number, min: number): PayAmountProblem | null {
  if (amount === null || amount <= 0) return 'required';
  if (amount > balance) return 'tooMuch';
  if (amount !== balance && amount < min) return 'tooLittle';
  return null;
}
