import { IMPORT_KINDS, type ImportKind } from '@duka/core';
import { Button, Menu } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import '../strings';

// The CSV library and the import screens load when first used, not with the Analytics page.
const ImportModal = lazy(() => import('../csv/ImportModal').then((m) => ({ default: m.ImportModal })));
const EXPORTS = ['clients', 'invoice_lines', 'invoices', 'payments', 'expenses', 'catalog'] as const;
const downloadExport = async (name: (typeof EXPORTS)[number]) => (await import('../csv/exports')).downloadExport(name);

/** CSV export of each collection, and import of clients, catalog items and expenses. */
export function CsvMenu() {
  const { t } = useStrings('reports');
  const [importing, setImporting] = useState<ImportKind | null>(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="sm">
            {t('csv.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('csv.exportTitle')}</Menu.Label>
          {EXPORTS.map((name) => (
            <Menu.Item key={name} onClick={() => void downloadExport(name).then((count) => toast.success(t('csv.exported', { count })))}>
              {t(`csv.exports.${name}`)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Label>{t('csv.importTitle')}</Menu.Label>
          {IMPORT_KINDS.map((kind) => (
            <Menu.Item key={kind} onClick={() => setImporting(kind)}>
              {t(`csv.importMenu.${kind}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {importing && (
        <Suspense fallback={null}>
          <ImportModal kind={importing} onClose={() => setImporting(null)} />
        </Suspense>
      )}
    </>
  );
}
