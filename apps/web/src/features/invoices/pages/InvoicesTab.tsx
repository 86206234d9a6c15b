import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function InvoicesTab() {
  return (
    <>
      <PageHeader title="Invoices" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
