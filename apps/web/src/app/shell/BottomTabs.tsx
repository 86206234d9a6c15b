import { NavLink } from 'react-router';
import { useStrings } from '../../i18n';
import { Icon } from '../../ui/icons';
import classes from './Shell.module.css';
import { TABS } from './nav';
import './strings';

/** Phones: the seven home tabs along the bottom (icons with short labels; fits 360 px). */
export function BottomTabs() {
  const { t } = useStrings('shell');
  return (
    <nav aria-label={t('nav')} className={classes.tabs}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={classes.tab}>
          <Icon name={tab.icon} size={22} />
          <span className={classes.tabLabel}>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
