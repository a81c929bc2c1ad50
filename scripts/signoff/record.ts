/**
 * The sign-off record on disk (stories/signoffs.json): reading it against today's stories and
 * baselines, and recording new sign-offs all-or-nothing (docs/decisions/0022-signoff-record.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  baselineFiles,
  type SignoffRecord,
  signoffRecordSchema,
  type SignoffStatus,
  signoffStatus,
  sortedRecord,
} from '~/stories/support/signoff';
import { type StateStory, storiesByState } from '~/stories/support/story-states';

export const RECORD_PATH = 'stories/signoffs.json';
export const CATALOGUE_PATH = 'stories/screen-states.json';
export const BASELINES_DIR = 'tests/visual/__screenshots__';

const catalogueSchema = z.object({ states: z.array(z.object({ id: z.string() })) });

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Everything a sign-off is judged against, read from a checkout at `root`. */
export interface SignoffContext {
  root: string;
  /** Catalogue ids, in catalogue order. */
  ids: string[];
  stories: Map<string, StateStory[]>;
  record: SignoffRecord;
}

export function loadContext(root = '.'): SignoffContext {
  const catalogue = catalogueSchema.parse(
    JSON.parse(readFileSync(join(root, CATALOGUE_PATH), 'utf8')),
  );
  const recordText = readFileSync(join(root, RECORD_PATH), 'utf8');
  const parsed = signoffRecordSchema.safeParse(JSON.parse(recordText));
  if (!parsed.success) {
    throw new Error(
      `${RECORD_PATH} is not a valid sign-off record:\n${z.prettifyError(parsed.error)}`,
    );
  }
  return {
    root,
    ids: catalogue.states.map((state) => state.id),
    stories: storiesByState(root),
    record: parsed.data,
  };
}

/** SHA-256 of each baseline the state's stories have today; missing PNGs are left out. */
export function currentBaselines(context: SignoffContext, id: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const story of context.stories.get(id) ?? []) {
    for (const file of baselineFiles(story.id)) {
      const path = join(context.root, BASELINES_DIR, file);
      if (existsSync(path)) hashes[file] = sha256(path);
    }
  }
  return hashes;
}

/** Every catalogue state's status, in catalogue order. */
export function statuses(context: SignoffContext): SignoffStatus[] {
  return context.ids.map((id) =>
    signoffStatus(id, context.record.signoffs[id], currentBaselines(context, id)),
  );
}

export type SignOffResult = { ok: true; record: SignoffRecord } | { ok: false; errors: string[] };

/**
 * The record with `ids` signed off by `by` at `at`, or every reason it cannot be: each id must be in
 * the catalogue, have a tagged story, and have that story's baseline in every theme.
 */
export function signOff(
  context: SignoffContext,
  ids: readonly string[],
  by: string | undefined,
  at: Date,
): SignOffResult {
  const errors: string[] = [];
  const name = by?.trim() ?? '';
  if (name === '') errors.push('Say who signs off: --by "<name>".');
  if (ids.length === 0) errors.push('Name at least one state id to sign off.');
  const signoffs = { ...context.record.signoffs };
  for (const id of new Set(ids)) {
    if (!context.ids.includes(id)) {
      errors.push(`${id}: not a state in ${CATALOGUE_PATH}.`);
      continue;
    }
    const stories = context.stories.get(id) ?? [];
    if (stories.length === 0) {
      errors.push(
        `${id}: no story is tagged state:${id} yet (pending), so there is nothing to sign off.`,
      );
      continue;
    }
    const baselines: Record<string, string> = {};
    for (const story of stories) {
      for (const file of baselineFiles(story.id)) {
        const path = join(context.root, BASELINES_DIR, file);
        if (existsSync(path)) baselines[file] = sha256(path);
        else
          errors.push(
            `${id}: no visual baseline ${BASELINES_DIR}/${file}; run the story tests (npm run test:stories:update) and review it first.`,
          );
      }
    }
    signoffs[id] = { by: name, at: at.toISOString(), baselines };
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, record: sortedRecord({ ...context.record, signoffs }) };
}

export function formatRecord(record: SignoffRecord): string {
  return `${JSON.stringify(sortedRecord(record), null, 2)}\n`;
}

/** Writes beside the record and renames over it, so a reader never sees half a file. */
export function writeRecord(root: string, record: SignoffRecord): void {
  const path = join(root, RECORD_PATH);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, formatRecord(record));
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}
