import { otherNetworkHint } from '@duka/core';
import './railPhoneStrings';
import { useStrings } from '../../i18n/lite';
import classes from './RailPay.module.css';

/**
 * "This number looks like MTN's — check the network" under the phone field when the number's prefix is another
 * network's (t17 G3: a hint, never a refusal). Loaded once a number is typed, not with the form (issue 25's budget).
 */
export function NetworkHint({ phone, country, wallet, testId }: { phone: string; country: string; wallet: string; testId: string }) {
  const { t } = useStrings('railPhone');
  const other = otherNetworkHint(phone, country, wallet);
  return other ? (
    <p className={classes.description} role="status" data-testid={testId}>
      {t('networkHint', { network: other })}
    </p>
  ) : null;
}
