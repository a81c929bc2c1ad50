/** The AEO results (view=results): placeholder until the results land. */
import { AeoHeader } from './header';

export function AeoResultsView() {
  return <AeoHeader>{null}</AeoHeader>;
}
