import type { ImportKind } from '@duka/core';
import { Button, Menu } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useStrings } from '../../i18n';
import { toast } from '../toast';
import type { ExportName } from './exports';
import './strings';

// The CSV library (Papa Parse) and the import screens load when first used, not with the page that shows the menu.
const ImportModal = lazy(() => import('./ImportModal').then((m) => ({ default: m.ImportModal })));
// Not IMPORT_KINDS from @duka/core: a type-only import keeps the core index out of the lists' JS.
const ALL_IMPORTS: readonly ImportKind[] = ['contacts', 'catalogs', 'expenses'];
const ALL_EXPORTS: readonly ExportName[] = ['clients', 'invoice_lines', 'invoices', 'payments', 'expenses', 'catalog'];
const downloadExport = async (name: ExportName) => (await import('./exports')).downloadExport(name);

/**
 * CSV export of collections and import of clients, catalog items and expenses, from the records on
 * this device (works offline). Analytics shows every export and import; each list passes its own,
 * with `what` naming the list for screen readers.
 */
export function CsvMenu({
  exports = ALL_EXPORTS,
  imports = ALL_IMPORTS,
  what,
  unit,
}: {
  exports?: readonly ExportName[];
  imports?: readonly ImportKind[];
  what?: string;
  /** Catalog imports: a unit as typed → as stored (features/catalog/units.ts). */
  unit?: (typed: string) => string;
}) {
  const { t } = useStrings('csv');
  const [importing, setImporting] = useState<ImportKind | null>(null);
  const label = what ? t(imports.length ? 'menuLabel' : 'menuLabelExport', { what }) : undefined;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="sm" aria-label={label} data-testid="csv-menu">
            {t('menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('exportTitle')}</Menu.Label>
          {exports.map((name) => (
            <Menu.Item
              key={name}
              onClick={() =>
                void downloadExport(name).then(
                  (count) => toast.success(t('exported', { count })),
                  (e: unknown) => toast.danger(e instanceof Error ? e.message : String(e)),
                )
              }
            >
              {t(`exports.${name}`)}
            </Menu.Item>
          ))}
          {imports.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('importTitle')}</Menu.Label>
              {imports.map((kind) => (
                <Menu.Item key={kind} onClick={() => setImporting(kind)}>
                  {t(`importMenu.${kind}`)}
                </Menu.Item>
              ))}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {importing && (
        <Suspense fallback={null}>
          <ImportModal kind={importing} onClose={() => setImporting(null)} unit={unit} />
        </Suspense>
      )}
    </>
  );
}
