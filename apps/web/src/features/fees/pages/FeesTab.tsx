import { FeeList } from '../components/FeeList';

/** /tabs/fee: Taxes and fees. */
export default function FeesTab() {
  return <FeeList />;
}
