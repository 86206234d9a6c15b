import { useStrings } from '../../i18n';
import classes from './Shell.module.css';
import './strings';

export const MAIN_ID = 'main';

/**
 * The first stop of the keyboard (WCAG 2.4.1): hidden until focused, it moves the focus past the header and the
 * nine links of the navigation to the page itself. Focus is moved by hand: a #main in the address would be a
 * navigation for the router.
 */
export function SkipToContent() {
  const { t } = useStrings('shell');
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skip}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
