import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../data/user';
import { useStrings } from '../../i18n';
import '../fiscal/strings';
import './strings';

const PAGES = [
  { to: '/settings/account', label: 'nav.account' },
  { to: '/settings/invoice', label: 'nav.invoice' },
  { to: '/settings/security', label: 'nav.security' },
  { to: '/settings/billing', label: 'nav.billing' },
];

/** Moves between the four settings pages; on a phone the tabs wrap onto two rows so every one shows in full. */
export function SettingsNav() {
  const { t } = useStrings('settings');
  const { t: tf } = useStrings('fiscal');
  const user = useCurrentUser();
  // KRA eTIMS (issue 26) for a Kenyan business.
  const pages = user?.country === 'Kenya' ? [...PAGES, { to: '/settings/fiscal', label: '' }] : PAGES;
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
