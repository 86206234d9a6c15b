/** Minor units × a quantity with up to 3 decimals, rounded half away from zero, without float drift. */
export function moneyTimesQuantity(minor: number, quantity: number): number {
  const milli = Math.round(quantity * 1000);
  const product = minor * milli;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(product) / 1000);
}
