import { describe, expect, it } from 'vitest';
import { invitationLink, invitationStatus } from './invitations';

describe('invitationStatus', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is pending before expiry, expired from the instant it expires, accepted once used', () => {
    const at = (iso: string) => new Date(iso);
    expect(invitationStatus({ expiresAt: at('2026-03-01T12:00:01Z'), acceptedAt: null }, now)).toBe(
      'pending',
    );
    expect(invitationStatus({ expiresAt: now, acceptedAt: null }, now)).toBe('expired');
    expect(
      invitationStatus(
        { expiresAt: at('2026-02-01T00:00:00Z'), acceptedAt: at('2026-01-30') },
        now,
      ),
    ).toBe('accepted');
  });
});

describe('invitationLink', () => {
  it('points at /app/accept-invite/{token} on the given origin', () => {
    expect(invitationLink('https://beacon.example', 'abc_-123')).toBe(
      'https://beacon.example/app/accept-invite/abc_-123',
    );
  });
});
