import { fiscalAuthorityOf } from '@duka/core';
import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../data/user';
import { useStrings } from '../../i18n';
import { PAGES } from '../../paths';
import '../fiscal/strings';
import './strings';

const SETTINGS_PAGES = [
  { to: PAGES.settingsAccount, label: 'nav.account' },
  { to: PAGES.settingsInvoice, label: 'nav.invoice' },
  { to: PAGES.settingsSecurity, label: 'nav.security' },
  { to: PAGES.settingsBilling, label: 'nav.billing' },
];

/** Moves between the four settings pages; on a phone the tabs wrap onto two rows so every one shows in full. */
export function SettingsNav() {
  const { t } = useStrings('settings');
  const { t: tf } = useStrings('fiscal');
  const user = useCurrentUser();
  // KRA eTIMS (issue 26) only where it applies: a business in Kenya (core's rule).
  const pages = fiscalAuthorityOf(user?.country) === 'etims' ? [...SETTINGS_PAGES, { to: PAGES.settingsFiscal, label: '' }] : SETTINGS_PAGES;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Tabs value={pathname} onChange={(v) => v && navigate(v)} aria-label={t('nav.label')} mb="lg">
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {pages.map((p) => (
          <Tabs.Tab key={p.to} value={p.to} style={{ whiteSpace: 'nowrap' }}>
            {p.label ? t(p.label) : tf('settingsNav')}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
