import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function NewInvoicePage() {
  return (
    <>
      <PageHeader title="New Invoice" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
