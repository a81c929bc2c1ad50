import { describe, expect, it } from 'vitest';
import { invitationLink, invitationStatus, redactInvitationTokens } from './invitations';

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

describe('redactInvitationTokens', () => {
  it('keeps the route of every accept link in a text and drops its token, also URL-encoded', () => {
    const token = 'abc_-123XYZ';
    expect(redactInvitationTokens(invitationLink('https://beacon.example', token))).toBe(
      'https://beacon.example/app/accept-invite/:token',
    );
    expect(
      redactInvitationTokens(
        `GET /app/accept-invite/${token}?a=1 then "/app/accept-invite/${token}#x" and accept-invite%2F${token}&b`,
      ),
    ).toBe(
      'GET /app/accept-invite/:token?a=1 then "/app/accept-invite/:token#x" and accept-invite%2F:token&b',
    );
    expect(redactInvitationTokens('/app/acme/prod/settings')).toBe('/app/acme/prod/settings');
  });
});
