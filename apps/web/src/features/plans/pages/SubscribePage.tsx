import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function SubscribePage() {
  return (
    <>
      <PageHeader title="Choose a plan" />
      <EmptyState title="Nothing here yet">Plans and payments arrive in a coming release.</EmptyState>
    </>
  );
}
