import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function InvoiceFilterPage() {
  return (
    <>
      <PageHeader title="Filter Invoices" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
