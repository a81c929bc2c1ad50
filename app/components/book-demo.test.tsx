// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_CALENDAR } from '~/domain/shared/constants';
import { BookDemoButton } from './book-demo';

const calcom = vi.hoisted(() => {
  const cal = vi.fn();
  return { cal, getCalApi: vi.fn(() => Promise.resolve(cal)) };
});
vi.mock('@calcom/embed-react', () => ({ getCalApi: calcom.getCalApi }));

afterEach(cleanup);
beforeEach(() => {
  calcom.cal.mockReset();
  calcom.getCalApi.mockClear();
});

describe('Book an onboarding demo (Cal.com embed)', () => {
  it('opens the beacon-demo team calendar in month view, dark theme, black brand colour', async () => {
    render(<BookDemoButton />);
    expect(calcom.getCalApi).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Book an onboarding demo' }));
    await waitFor(() => expect(calcom.cal).toHaveBeenCalledTimes(2));

    expect(DEMO_CALENDAR).toBe('beacon-demo');
    expect(calcom.getCalApi).toHaveBeenCalledWith({ namespace: 'beacon-demo' });
    expect(calcom.cal).toHaveBeenNthCalledWith(1, 'ui', {
      theme: 'dark',
      styles: { branding: { brandColor: '#000000' } },
      hideEventTypeDetails: false,
      layout: 'month_view',
    });
    expect(calcom.cal).toHaveBeenNthCalledWith(2, 'modal', {
      calLink: 'team/beacon-demo',
      config: { layout: 'month_view', theme: 'dark' },
    });
    // Ready again once the widget opened: no longer busy.
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Book an onboarding demo' })
          .getAttribute('aria-disabled'),
      ).toBeNull(),
    );
  });

  it('opens the booking page in a new tab when the embed cannot load', async () => {
    calcom.getCalApi.mockImplementationOnce(() => Promise.reject(new Error('blocked')));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(<BookDemoButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Book an onboarding demo' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://cal.com/team/beacon-demo?layout=month_view&theme=dark',
        '_blank',
        'noopener',
      ),
    );
    open.mockRestore();
  });
});
