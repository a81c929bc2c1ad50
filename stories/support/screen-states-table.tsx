/**
 * The "Screen states" docs page's table: every catalogue entry, its section number (`spec`), exact
 * texts, tagged stories with their visual baselines in both themes, and its sign-off status. Data
 * comes in as props (screen-states-live.tsx passes the repository's), so a story can show it with
 * fixture data.
 */
import { Badge } from '~/ui/components/badge';
import {
  baselineFiles,
  SIGNOFF_LABELS,
  type SignoffRecord,
  type SignoffState,
  signoffStatus,
  signedOffLine,
  summarize,
  summaryLine,
} from './signoff';

export interface CatalogueState {
  id: string;
  spec: string;
  route: string;
  shows: string;
  texts?: string[];
}

export interface ScreenStatesTableProps {
  states: readonly CatalogueState[];
  /** Catalogue id → the stories tagged with it. */
  stories: Record<string, readonly { id: string; name: string }[]>;
  record: SignoffRecord;
  /** Baseline file name → SHA-256 of the PNG as it is now. */
  baselines: Record<string, string>;
  /** Where the page loads a baseline picture from. */
  baselineUrl?: (file: string) => string;
}

const BADGE: Record<SignoffState, 'success' | 'warning' | 'neutral'> = {
  'signed-off': 'success',
  changed: 'warning',
  never: 'neutral',
};

export function ScreenStatesTable({
  states,
  stories,
  record,
  baselines,
  baselineUrl = (file) => `baselines/${file}`,
}: ScreenStatesTableProps) {
  const rows = states.map((state) => {
    const files = (stories[state.id] ?? []).flatMap((story) => baselineFiles(story.id));
    const current = Object.fromEntries(
      files.flatMap((file) => (baselines[file] ? [[file, baselines[file]]] : [])),
    );
    return { state, status: signoffStatus(state.id, record.signoffs[state.id], current) };
  });
  const covered = states.filter((state) => (stories[state.id] ?? []).length > 0).length;
  return (
    <div>
      <p>
        <strong>
          {covered} of {states.length}
        </strong>{' '}
        documented states have a tagged story.
      </p>
      <p>{summaryLine(summarize(rows.map((row) => row.status)))}</p>
      <table>
        <thead>
          <tr>
            <th>State</th>
            <th>Spec</th>
            <th>Route</th>
            <th>Shows</th>
            <th>Story and baselines</th>
            <th>Sign-off</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ state, status }) => {
            const tagged = stories[state.id] ?? [];
            return (
              <tr key={state.id}>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <code>{state.id}</code>
                </td>
                <td>§{state.spec}</td>
                <td style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                  <code>{state.route}</code>
                </td>
                <td>
                  {state.shows}
                  {state.texts ? (
                    <ul>
                      {state.texts.map((text) => (
                        <li key={text}>“{text}”</li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td>
                  {tagged.length === 0
                    ? 'pending'
                    : tagged.map((story) => (
                        <div key={story.id}>
                          <a href={`./?path=/story/${story.id}`} target="_top">
                            {story.name}
                          </a>
                          <div style={{ display: 'flex', gap: 4, marginTop: 4 }}>
                            {baselineFiles(story.id).map((file) =>
                              baselines[file] ? (
                                <a
                                  key={file}
                                  href={baselineUrl(file)}
                                  target="_blank"
                                  rel="noreferrer"
                                >
                                  <img
                                    src={baselineUrl(file)}
                                    alt={`Baseline ${file}`}
                                    width={96}
                                    style={{
                                      height: 72,
                                      objectFit: 'cover',
                                      objectPosition: 'top',
                                      border: '1px solid currentColor',
                                    }}
                                  />
                                </a>
                              ) : (
                                <span key={file}>No baseline {file}</span>
                              ),
                            )}
                          </div>
                        </div>
                      ))}
                </td>
                <td>
                  <Badge variant={BADGE[status.state]}>{SIGNOFF_LABELS[status.state]}</Badge>
                  {status.entry ? <div>{signedOffLine(status.entry)}</div> : null}
                  {status.changedFiles.length > 0 ? (
                    <div>
                      Changed:{' '}
                      {status.changedFiles.map((file) => (
                        <code key={file}>{file} </code>
                      ))}
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
