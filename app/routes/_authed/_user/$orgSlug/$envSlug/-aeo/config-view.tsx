/** The AEO config (view=config): placeholder until the form lands. */
import { AeoHeader } from './header';

export function AeoConfigView() {
  return <AeoHeader>{null}</AeoHeader>;
}
