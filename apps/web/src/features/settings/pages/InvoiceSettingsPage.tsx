import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function InvoiceSettingsPage() {
  return (
    <>
      <PageHeader title="Invoice settings" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
