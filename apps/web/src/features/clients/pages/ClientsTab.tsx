import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ClientsTab() {
  return (
    <>
      <PageHeader title="Clients" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
