import { render, screen } from '@testing-library/react';
import { AfterLoad, afterLoadWhenIdle } from '@/lib/after-load';

describe('afterLoadWhenIdle', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    readyState = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => vi.restoreAllMocks());

  it('waits for the load event, then for a free moment', async () => {
    const task = vi.fn();
    afterLoadWhenIdle(task);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(task).not.toHaveBeenCalled(); // the page is still loading

    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('runs soon on a page that has already loaded', async () => {
    readyState = 'complete';
    const task = vi.fn();
    afterLoadWhenIdle(task);
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('never runs once cancelled, before or after the load event', async () => {
    const beforeLoad = vi.fn();
    afterLoadWhenIdle(beforeLoad)();
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    const afterLoad = vi.fn();
    afterLoadWhenIdle(afterLoad)();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(afterLoad).not.toHaveBeenCalled();
  });

  it('AfterLoad shows its children once the page has loaded, or at once when asked to', async () => {
    const { rerender } = render(<AfterLoad>loaded content</AfterLoad>);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('loaded content')).not.toBeInTheDocument();

    rerender(<AfterLoad now>loaded content</AfterLoad>);
    expect(screen.getByText('loaded content')).toBeInTheDocument();

    rerender(<AfterLoad>loaded content</AfterLoad>);
    expect(screen.queryByText('loaded content')).not.toBeInTheDocument(); // still loading

    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(await screen.findByText('loaded content')).toBeInTheDocument();
  });
});
