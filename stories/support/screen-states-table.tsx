/** The "Screen states" docs page: every catalogue entry, its section number (`spec`), exact texts and tagged stories. */
import { storyNameFromExport, toId } from 'storybook/internal/csf';
import catalogue from '~/stories/screen-states.json';

interface StoryModule {
  default?: { title?: string; tags?: string[] };
  [exportName: string]: unknown;
}

const modules = import.meta.glob<StoryModule>('../**/*.stories.tsx', { eager: true });

function storiesByState(): Map<string, { id: string; name: string }[]> {
  const byState = new Map<string, { id: string; name: string }[]>();
  for (const module of Object.values(modules)) {
    const title = module.default?.title;
    if (!title) continue;
    for (const [exportName, story] of Object.entries(module)) {
      if (exportName === 'default' || typeof story !== 'object' || story === null) continue;
      const tags = (story as { tags?: string[] }).tags ?? [];
      for (const tag of tags) {
        if (!tag.startsWith('state:')) continue;
        const state = tag.slice('state:'.length);
        const list = byState.get(state) ?? [];
        list.push({
          id: toId(title, exportName),
          name: `${title} / ${storyNameFromExport(exportName)}`,
        });
        byState.set(state, list);
      }
    }
  }
  return byState;
}

export function ScreenStatesTable() {
  const byState = storiesByState();
  const covered = catalogue.states.filter((state) => byState.has(state.id)).length;
  return (
    <div>
      <p>
        <strong>
          {covered} of {catalogue.states.length}
        </strong>{' '}
        documented states have a tagged story.
      </p>
      <table>
        <thead>
          <tr>
            <th>State</th>
            <th>Spec</th>
            <th>Route</th>
            <th>Shows</th>
            <th>Story</th>
          </tr>
        </thead>
        <tbody>
          {catalogue.states.map((state) => {
            const stories = byState.get(state.id) ?? [];
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
                  {'texts' in state && state.texts ? (
                    <ul>
                      {state.texts.map((text) => (
                        <li key={text}>“{text}”</li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td>
                  {stories.length === 0
                    ? 'pending'
                    : stories.map((story) => (
                        <div key={story.id}>
                          <a href={`./?path=/story/${story.id}`} target="_top">
                            {story.name}
                          </a>
                        </div>
                      ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
