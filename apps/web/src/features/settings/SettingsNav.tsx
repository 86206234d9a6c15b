import { fiscalAuthorityOf } from '@duka/core';
import { Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
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

/**
 * Each settings page draws its own tabs, so moving to the next page with the arrow keys draws new ones: the focus
 * is given back to the selected tab there, and the keys go on working (h105).
 */
let focusTabOnMount = false;

/** Moves between the settings pages; on a phone the tabs wrap onto more rows so every one shows in full. */
export function SettingsNav() {
  const { t } = useStrings('settings');
  const { t: tf } = useStrings('fiscal');
  const user = useCurrentUser();
  // KRA eTIMS (issue 26) only where it applies: a business in Kenya (core's rule).
  const pages = fiscalAuthorityOf(user?.country) === 'etims' ? [...SETTINGS_PAGES, { to: PAGES.settingsFiscal, label: '' }] : SETTINGS_PAGES;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusTabOnMount) return;
    focusTabOnMount = false;
    list.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus();
  }, []);
  const go = (to: string | null) => {
    if (!to || to === pathname) return;
    focusTabOnMount = document.activeElement?.getAttribute('role') === 'tab';
    void navigate(to);
  };
  return (
    <Tabs value={pathname} onChange={go} aria-label={t('nav.label')} mb="lg">
      <Tabs.List ref={list} style={{ flexWrap: 'wrap' }}>
        {pages.map((p) => (
          <Tabs.Tab key={p.to} value={p.to} style={{ whiteSpace: 'nowrap' }}>
            {p.label ? t(p.label) : tf('settingsNav')}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
