import { describe, expect, it } from 'vitest';
import { isLastOwner, mayRemoveMember } from './removal';

describe('mayRemoveMember', () => {
  const member = { id: 'u1', isSuperUser: false, role: 'member' as const };
  it('lets anyone leave', () => {
    expect(mayRemoveMember(member, 'u1')).toBe(true);
  });
  it('keeps a plain member from removing someone else', () => {
    expect(mayRemoveMember(member, 'u2')).toBe(false);
  });
  it('lets an owner, or a superuser (member or not), remove someone else', () => {
    expect(mayRemoveMember({ ...member, role: 'owner' }, 'u2')).toBe(true);
    expect(mayRemoveMember({ ...member, isSuperUser: true }, 'u2')).toBe(true);
    expect(mayRemoveMember({ id: 'u9', isSuperUser: true, role: null }, 'u2')).toBe(true);
  });
});

describe('isLastOwner', () => {
  it('is an owner of an org with one owner; a member never is', () => {
    expect(isLastOwner('owner', 1)).toBe(true);
    expect(isLastOwner('owner', 2)).toBe(false);
    expect(isLastOwner('member', 1)).toBe(false);
    expect(isLastOwner(null, 1)).toBe(false);
  });
});
