import { FeeList } from '../components/FeeList';

/** /tabs/fee: Tax And Fees. */
export default function FeesTab() {
  return <FeeList />;
}
