import { IMPORT_KINDS, type ImportKind } from '@duka/core';
import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useStrings } from '../../../i18n';
import { toast } from '../../../ui/toast';
import { downloadExport, EXPORTS } from '../csv/exports';
import { ImportModal } from '../csv/ImportModal';
import '../strings';

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
      <ImportModal kind={importing} onClose={() => setImporting(null)} />
    </>
  );
}
