import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function LoginPage() {
  return (
    <>
      <PageHeader title="Login" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
