import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function WelcomePage() {
  return (
    <>
      <PageHeader title="Welcome" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
