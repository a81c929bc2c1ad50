import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { createPromptInput, updatePromptInput } from '~/domain/prompts/inputs';
import { PROMPT_MESSAGES } from '~/domain/prompts/messages';
import type { SessionUser } from '~/domain/shared/session';
import { describeEachDriver } from '~/server/db/test-db';
import { domainError, makeOrg, makeUser, testServices } from '~/server/test-support';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';

describe('prompt inputs', () => {
  it('trim name and text, and say what is missing or too long', () => {
    const parsed = createPromptInput.parse({ orgId: 'o', name: '  Shoes ', text: ' Which? ' });
    expect(parsed).toEqual({ orgId: 'o', name: 'Shoes', text: 'Which?' });
    const empty = createPromptInput.safeParse({ orgId: 'o', name: '   ', text: '' });
    expect(empty.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'Give the prompt a name'],
      ['text', 'Write the prompt text'],
    ]);
    const long = updatePromptInput.safeParse({
      orgId: 'o',
      promptId: 'p',
      name: 'n'.repeat(81),
      text: 't'.repeat(4001),
    });
    expect(long.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'At most 80 characters'],
      ['text', 'At most 4000 characters'],
    ]);
    expect(
      updatePromptInput.safeParse({ orgId: 'o', promptId: 'p', name: 'n'.repeat(80), text: 't' })
        .success,
    ).toBe(true);
  });
});

describeEachDriver('prompts', (get) => {
  const db = () => get().db;

  describe('prompts service', () => {
    it('create and list: the org’s prompts by name (any case), with their dates', async () => {
      let clock = new Date('2026-02-01T09:00:00Z');
      const { services } = testServices(db(), { now: () => clock });
      const org = await makeOrg(db());
      const other = await makeOrg(db());
      const trail = await services.prompts.create(org.id, {
        name: 'trail shoes',
        text: 'Best trail running shoes under $150',
      });
      expect(trail).toEqual({
        id: expect.any(String),
        name: 'trail shoes',
        text: 'Best trail running shoes under $150',
        createdAt: clock,
        updatedAt: clock,
      });
      clock = new Date('2026-02-02T09:00:00Z');
      const jackets = await services.prompts.create(org.id, {
        name: 'Rain jackets',
        text: 'Which waterproof jacket is best for hiking?',
      });
      await services.prompts.create(other.id, { name: 'Elsewhere', text: 'Not this org' });
      expect(await services.prompts.list(org.id)).toEqual([jackets, trail]);
      expect(await services.prompts.list((await makeOrg(db())).id)).toEqual([]);
    });

    it('create: a name the org already has, in any case, is CONFLICT name-taken; other orgs may reuse it', async () => {
      const { services } = testServices(db());
      const org = await makeOrg(db());
      await services.prompts.create(org.id, { name: 'Trail shoes', text: 'a' });
      const taken = await domainError(
        services.prompts.create(org.id, { name: 'TRAIL SHOES', text: 'b' }),
      );
      expect(taken).toMatchObject({ kind: 'CONFLICT', reason: 'name-taken' });
      expect(taken.message).toBe(PROMPT_MESSAGES.promptNameTaken('TRAIL SHOES'));
      const other = await makeOrg(db());
      await expect(
        services.prompts.create(other.id, { name: 'Trail shoes', text: 'c' }),
      ).resolves.toMatchObject({ name: 'Trail shoes' });
      expect((await services.prompts.list(org.id)).map((p) => p.text)).toEqual(['a']);
    });

    it('create: an org that does not exist is NOT_FOUND', async () => {
      const { services } = testServices(db());
      const missing = await domainError(
        services.prompts.create('org-missing', { name: 'x', text: 'y' }),
      );
      expect(missing).toMatchObject({ kind: 'NOT_FOUND', reason: 'org-not-found' });
      expect(await domainError(services.prompts.list('org-missing'))).toMatchObject({
        kind: 'NOT_FOUND',
      });
    });

    it('update: changes name and text and moves updatedAt; renaming onto another prompt is name-taken', async () => {
      let clock = new Date('2026-02-01T09:00:00Z');
      const { services } = testServices(db(), { now: () => clock });
      const org = await makeOrg(db());
      const first = await services.prompts.create(org.id, { name: 'First', text: 'one' });
      const second = await services.prompts.create(org.id, { name: 'Second', text: 'two' });
      clock = new Date('2026-02-03T09:00:00Z');
      const updated = await services.prompts.update(org.id, first.id, {
        name: 'First, renamed',
        text: 'one, better',
      });
      expect(updated).toEqual({
        id: first.id,
        name: 'First, renamed',
        text: 'one, better',
        createdAt: first.createdAt,
        updatedAt: clock,
      });
      // Its own name (in another case) is not a conflict.
      await expect(
        services.prompts.update(org.id, second.id, { name: 'SECOND', text: 'two' }),
      ).resolves.toMatchObject({ name: 'SECOND' });
      const taken = await domainError(
        services.prompts.update(org.id, second.id, { name: 'first, RENAMED', text: 'two' }),
      );
      expect(taken).toMatchObject({ kind: 'CONFLICT', reason: 'name-taken' });
      expect((await services.prompts.list(org.id)).map((p) => p.name)).toEqual([
        'First, renamed',
        'SECOND',
      ]);
    });

    it('update and delete: a prompt of another org, or an unknown id, is NOT_FOUND and unchanged', async () => {
      const { services } = testServices(db());
      const org = await makeOrg(db());
      const other = await makeOrg(db());
      const theirs = await services.prompts.create(other.id, { name: 'Theirs', text: 'secret' });
      // One at a time: a rejected promise must be awaited before the next starts, or it goes unhandled.
      for (const attempt of [
        () => services.prompts.update(org.id, theirs.id, { name: 'Mine now', text: 'x' }),
        () => services.prompts.remove(org.id, theirs.id),
        () => services.prompts.update(org.id, 'prompt-unknown', { name: 'x', text: 'y' }),
        () => services.prompts.remove(org.id, 'prompt-unknown'),
      ]) {
        const error = await domainError(attempt());
        expect(error).toMatchObject({ kind: 'NOT_FOUND', reason: 'prompt-not-found' });
        expect(error.message).toBe(PROMPT_MESSAGES.promptNotFound);
        expect(error.message).not.toContain('secret');
      }
      expect(await services.prompts.list(other.id)).toEqual([theirs]);
    });

    it('delete: removes the prompt; a second delete is NOT_FOUND', async () => {
      const { services } = testServices(db());
      const org = await makeOrg(db());
      const keep = await services.prompts.create(org.id, { name: 'Keep', text: 'k' });
      const drop = await services.prompts.create(org.id, { name: 'Drop', text: 'd' });
      await services.prompts.remove(org.id, drop.id);
      expect(await services.prompts.list(org.id)).toEqual([keep]);
      expect(await domainError(services.prompts.remove(org.id, drop.id))).toMatchObject({
        kind: 'NOT_FOUND',
      });
      // The name is free again.
      await expect(
        services.prompts.create(org.id, { name: 'Drop', text: 'again' }),
      ).resolves.toMatchObject({ name: 'Drop' });
    });

    it('a NUL byte is INVALID (BAD_REQUEST), not a server error', async () => {
      const { services } = testServices(db());
      const org = await makeOrg(db());
      const error = await domainError(
        services.prompts.create(org.id, { name: 'Nul', text: 'a\u0000b' }),
      );
      expect(error).toMatchObject({ kind: 'INVALID', reason: 'invalid-characters' });
    });
  });

  describe('prompts router', () => {
    async function setup() {
      const { services } = testServices(db());
      const member = await makeUser(db());
      const outsider = await makeUser(db());
      // Verified: settings, where prompts are managed, is behind the org gate.
      const org = await makeOrg(db(), {
        members: [{ user: member, role: 'owner' }],
        verified: true,
      });
      const other = await makeOrg(db(), {
        members: [{ user: outsider, role: 'owner' }],
        verified: true,
      });
      const caller = (user: SessionUser) =>
        createCallerFactory(appRouter)({ user, services, requestId: 'prompts-test' });
      return { services, member, outsider, org, other, caller };
    }

    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'OK',
        (e: unknown) => (e instanceof TRPCError ? e.code : Promise.reject(e)),
      );

    it('a member creates, lists, updates and deletes the org’s prompts; inputs are trimmed', async () => {
      const { member, org, caller } = await setup();
      const api = caller(member).prompts;
      const created = await api.create({
        orgId: org.id,
        name: '  Trail shoes ',
        text: ' Best trail running shoes under $150 ',
      });
      expect(created).toMatchObject({
        name: 'Trail shoes',
        text: 'Best trail running shoes under $150',
      });
      const updated = await api.update({
        orgId: org.id,
        promptId: created.id,
        name: 'Trail shoes',
        text: 'Best trail running shoes under $120',
      });
      expect(updated.text).toBe('Best trail running shoes under $120');
      expect(await api.list({ orgId: org.id })).toEqual([updated]);
      await api.delete({ orgId: org.id, promptId: created.id });
      expect(await api.list({ orgId: org.id })).toEqual([]);
    });

    it('another org’s prompt: FORBIDDEN through its org, NOT_FOUND through one’s own', async () => {
      const { services, member, org, other, caller } = await setup();
      const theirs = await services.prompts.create(other.id, { name: 'Theirs', text: 'secret' });
      const api = caller(member).prompts;
      const change = { promptId: theirs.id, name: 'Mine', text: 'mine' };
      expect(await codeOf(api.list({ orgId: other.id }))).toBe('FORBIDDEN');
      expect(await codeOf(api.update({ orgId: other.id, ...change }))).toBe('FORBIDDEN');
      expect(await codeOf(api.delete({ orgId: other.id, promptId: theirs.id }))).toBe('FORBIDDEN');
      expect(await codeOf(api.update({ orgId: org.id, ...change }))).toBe('NOT_FOUND');
      expect(await codeOf(api.delete({ orgId: org.id, promptId: theirs.id }))).toBe('NOT_FOUND');
      expect(await services.prompts.list(other.id)).toEqual([theirs]);
    });

    it('a duplicate name is CONFLICT; a blank one is BAD_REQUEST with the field’s message', async () => {
      const { member, org, caller } = await setup();
      const api = caller(member).prompts;
      await api.create({ orgId: org.id, name: 'Jackets', text: 'Which jacket?' });
      expect(await codeOf(api.create({ orgId: org.id, name: 'jackets', text: 'x' }))).toBe(
        'CONFLICT',
      );
      const blank = await api.create({ orgId: org.id, name: ' ', text: 'x' }).catch((e) => e);
      expect(blank).toBeInstanceOf(TRPCError);
      expect((blank as TRPCError).code).toBe('BAD_REQUEST');
      expect(String((blank as TRPCError).message)).toContain('Give the prompt a name');
    });
  });
});
