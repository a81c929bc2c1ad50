import { describe, expect, it } from 'vitest';
import { activationTimeLeft, apiClientStepMode } from './api-client-step';
import { INSTANCE_MESSAGES } from './messages';

describe('apiClientStepMode', () => {
  it('creates when the token allows it (or is not known yet) and nobody chose to paste', () => {
    expect(apiClientStepMode({ setup: 'allowed', createRefusal: null, pasteChosen: false })).toBe(
      'create',
    );
    expect(apiClientStepMode({ setup: null, createRefusal: null, pasteChosen: false })).toBe(
      'create',
    );
  });

  it('takes a pasted client when the token has no role, or no token is live', () => {
    expect(apiClientStepMode({ setup: 'no-role', createRefusal: null, pasteChosen: false })).toBe(
      'no-role',
    );
    expect(
      apiClientStepMode({ setup: 'sign-in-needed', createRefusal: null, pasteChosen: true }),
    ).toBe('sign-in-needed');
  });

  it('lets Account Manager’s refusal of a create win over what the token suggested', () => {
    expect(
      apiClientStepMode({
        setup: 'allowed',
        createRefusal: 'api-client-no-role',
        pasteChosen: false,
      }),
    ).toBe('no-role');
    expect(
      apiClientStepMode({
        setup: 'allowed',
        createRefusal: 'account-manager-sign-in-needed',
        pasteChosen: false,
      }),
    ).toBe('sign-in-needed');
  });

  it('keeps the create path for other failures, and the person’s choice to paste', () => {
    expect(
      apiClientStepMode({
        setup: 'allowed',
        createRefusal: 'api-client-create-failed',
        pasteChosen: false,
      }),
    ).toBe('create');
    expect(apiClientStepMode({ setup: 'allowed', createRefusal: null, pasteChosen: true })).toBe(
      'chosen',
    );
  });
});

describe('activationTimeLeft', () => {
  const until = 1_000_000_000;
  const left = (ms: number) => activationTimeLeft(until, until - ms);

  it('says minutes, rounded, from a minute on', () => {
    expect(left(5 * 60_000)).toBe('About 5 min left.');
    expect(left(4 * 60_000 + 29_000)).toBe('About 4 min left.');
    expect(left(4 * 60_000 + 30_000)).toBe('About 5 min left.');
    expect(left(60_000)).toBe('About 1 min left.');
    // 59.5 s round up to a whole minute of seconds: still a minute.
    expect(left(59_500)).toBe(INSTANCE_MESSAGES.apiClientActivationMinutesLeft(1));
  });

  it('says whole seconds, rounded up, under a minute', () => {
    expect(left(59_000)).toBe('59 s left.');
    expect(left(30_000)).toBe('30 s left.');
    expect(left(1)).toBe('1 s left.');
  });

  it('says the last try once the window has passed', () => {
    expect(left(0)).toBe(INSTANCE_MESSAGES.apiClientActivationLastTry);
    expect(left(-5_000)).toBe('Trying one last time.');
  });
});
