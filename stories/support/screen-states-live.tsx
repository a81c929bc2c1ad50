/** The Screen states page's table with the repository's data: catalogue, sign-offs, and the baselines as built. */
import { baselines, storiesByState } from 'virtual:beacon-baselines';
import catalogue from '~/stories/screen-states.json';
import record from '~/stories/signoffs.json';
import { ScreenStatesTable } from './screen-states-table';
import { signoffRecordSchema } from './signoff';

export function ScreenStates() {
  return (
    <ScreenStatesTable
      states={catalogue.states}
      stories={storiesByState}
      record={signoffRecordSchema.parse(record)}
      baselines={baselines}
    />
  );
}
