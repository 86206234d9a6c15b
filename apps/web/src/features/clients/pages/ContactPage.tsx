import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ContactPage() {
  return (
    <>
      <PageHeader title="Client" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
