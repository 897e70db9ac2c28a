// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const offline = () => new TypeError('Failed to fetch dynamically imported module');

describe('loadOnce', () => {
  it('does not load before the first call', () => {
    const load = vi.fn(async () => 'module');
    loadOnce(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('lets callers at the same time share one attempt', async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const get = loadOnce(load);

    const first = get();
    const second = get();
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    pending.resolve('module');
    await expect(Promise.all([first, second, get()])).resolves.toEqual(['module', 'module', 'module']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a resolved value for good', async () => {
    const load = vi.fn(async () => ({ name: 'module' }));
    const get = loadOnce(load);
    const value = await get();
    for (let i = 0; i < 3; i++) expect(await get()).toBe(value);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a rejected attempt, and keeps the value of the one that succeeds', async () => {
    const error = offline();
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(error).mockResolvedValue('module');
    const get = loadOnce(load);

    await expect(get()).rejects.toBe(error);
    await expect(get()).resolves.toBe('module');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('hands a rejection to every caller of that attempt, and has forgotten it by the time they see it', async () => {
    const pending = deferred<string>();
    const load = vi.fn<() => Promise<string>>().mockReturnValueOnce(pending.promise).mockResolvedValue('module');
    const get = loadOnce(load);

    const first = get();
    const second = get();
    const error = offline();
    pending.reject(error);
    // A caller that tries again from its rejection handler (as the tooltips and the notices do) starts a new attempt.
    const retried = first.catch(() => get());
    await expect(second).rejects.toBe(error);
    await expect(retried).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps failing while the network is down, without ever caching the failure', async () => {
    const load = vi.fn(() => Promise.reject(offline()));
    const get = loadOnce(load);
    for (let i = 1; i <= 3; i++) {
      await expect(get()).rejects.toThrow('Failed to fetch');
      expect(load).toHaveBeenCalledTimes(i);
    }
  });

  it('treats a loader that throws as a rejected attempt', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(() => {
        throw offline();
      })
      .mockResolvedValue('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('Failed to fetch');
    await expect(get()).resolves.toBe('module');
  });

  it('keeps each loader’s attempts apart', async () => {
    const a = loadOnce(async () => 'a');
    const b = loadOnce(async () => 'b');
    await expect(Promise.all([a(), b()])).resolves.toEqual(['a', 'b']);
  });
});
