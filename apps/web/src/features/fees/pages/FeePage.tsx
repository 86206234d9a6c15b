import { FeeList } from '../components/FeeList';

/** /fee (side menu 'Tax And Fees'). */
export default function FeePage() {
  return <FeeList />;
}
