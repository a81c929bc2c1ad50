import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from '~/ui/components/pagination';

const onNavigate = fn();

/** Stands in for a router Link: the story's "router" records the page instead of navigating. */
function link(page: number, children: ReactNode) {
  return (
    <a
      href={`?page=${page}`}
      onClick={(event) => {
        event.preventDefault();
        onNavigate(page);
      }}
    >
      {children}
    </a>
  );
}

const meta = {
  tags: ['design-system'],
  title: 'UI/Pagination',
  component: Pagination,
  args: { page: 1, pageSize: 24, total: 480, renderLink: link },
  beforeEach: () => {
    onNavigate.mockClear();
  },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('aria-label') ?? a.textContent);

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(linkNames(nav)).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 20',
      'Next',
    ]);
    await expect(within(nav).getByText('More pages')).toBeInTheDocument();
    await expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const previous = within(nav).getByRole('link', { name: 'Previous' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await expect(previous).not.toHaveAttribute('href');
    await userEvent.click(previous, { pointerEventsCheck: 0 });
    await expect(onNavigate).not.toHaveBeenCalled();

    const next = within(nav).getByRole('link', { name: 'Next' });
    await expect(next).toHaveAttribute('href', '?page=2');
    await userEvent.click(next);
    await expect(onNavigate).toHaveBeenCalledWith(2);
  },
};

export const MiddlePage: Story = {
  args: { page: 10 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(linkNames(nav)).toEqual([
      'Previous',
      'Page 1',
      'Page 9',
      'Page 10',
      'Page 11',
      'Page 20',
      'Next',
    ]);
    await expect(within(nav).getAllByText('More pages')).toHaveLength(2);
    await expect(within(nav).getByRole('link', { name: 'Page 10' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '?page=9',
    );
    await expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '?page=11',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Page 20' }));
    await expect(onNavigate).toHaveBeenCalledWith(20);
  },
};

export const MiddlePageDim: Story = { ...MiddlePage, globals: { theme: 'dim' } };

export const LastPage: Story = {
  args: { page: 20 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(linkNames(nav)).toEqual([
      'Previous',
      'Page 1',
      'Page 16',
      'Page 17',
      'Page 18',
      'Page 19',
      'Page 20',
      'Next',
    ]);
    const next = within(nav).getByRole('link', { name: 'Next' });
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next, { pointerEventsCheck: 0 });
    await expect(onNavigate).not.toHaveBeenCalled();
    await expect(within(nav).getByRole('link', { name: 'Previous' })).not.toHaveAttribute(
      'aria-disabled',
    );
  },
};

export const FewPages: Story = {
  args: { page: 2, total: 100 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(linkNames(nav)).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Next',
    ]);
    await expect(within(nav).queryByText('More pages')).toBeNull();
  },
};

export const SinglePage: Story = {
  args: { page: 1, total: 10 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** The count stopped before the end (a catalogue of a million products): no last page, Next stays on. */
export const CountStopped: Story = {
  args: { page: 1, total: 10_000, totalIsExact: false },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(linkNames(nav)).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Next',
    ]);
    await expect(within(nav).getByText('More pages')).toBeInTheDocument();
    await expect(within(nav).queryByRole('link', { name: 'Page 417' })).toBeNull();
    const next = within(nav).getByRole('link', { name: 'Next' });
    await expect(next).toHaveAttribute('href', '?page=2');
  },
};

/** Deep in a list whose count stopped: the current page's neighbours, and Next past the counted pages. */
export const CountStoppedDeep: Story = {
  args: { page: 417, total: 10_000, totalIsExact: false },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(linkNames(nav)).toEqual(['Previous', 'Page 1', 'Page 416', 'Page 417', 'Next']);
    await expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '?page=418',
    );
  },
};

function RoutedPagination(props: { total: number; pageSize: number }) {
  const [page, setPage] = useState(1);
  return (
    <Pagination
      {...props}
      page={page}
      renderLink={(target, children) => (
        <a
          href={`?page=${target}`}
          onClick={(event) => {
            event.preventDefault();
            onNavigate(target);
            setPage(target);
          }}
        >
          {children}
        </a>
      )}
    />
  );
}

export const KeyboardNavigation: Story = {
  render: (args) => <RoutedPagination total={args.total} pageSize={args.pageSize} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The disabled Previous is not in the tab order: the first stop is page 1.
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Page 1' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(onNavigate).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Next' }));
    await userEvent.click(canvas.getByRole('link', { name: 'Next' }));
    await userEvent.click(canvas.getByRole('link', { name: 'Next' }));
    await expect(canvas.getByRole('link', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getAllByText('More pages')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '?page=4');
  },
};
