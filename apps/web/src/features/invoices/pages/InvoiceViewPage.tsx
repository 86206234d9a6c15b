import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function InvoiceViewPage() {
  return (
    <>
      <PageHeader title="Invoice" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
