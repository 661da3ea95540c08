import { afterLoadWhenIdle } from '@/lib/after-load';

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
});
