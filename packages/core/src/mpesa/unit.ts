import { minorDigits } from '../constants/currencies';

/** Minor units in one Kenyan shilling (core's currency table: ISO 4217 gives KES 2 digits). */
export const MPESA_UNIT = 10 ** minorDigits('KES');
