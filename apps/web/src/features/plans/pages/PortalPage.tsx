import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function PortalPage() {
  return (
    <>
      <PageHeader title="Plans" />
      <EmptyState title="Nothing here yet">Plans and payments arrive in a coming release.</EmptyState>
    </>
  );
}
