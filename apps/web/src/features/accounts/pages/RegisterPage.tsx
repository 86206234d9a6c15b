import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function RegisterPage() {
  return (
    <>
      <PageHeader title="Create your account" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
