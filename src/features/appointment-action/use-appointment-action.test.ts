// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeView } from '@/test/appointment-action-view';
import { stateOfShowQuery, type ShowQueryState } from './use-appointment-action';

const AT = Date.parse('2026-12-01T08:00:00Z');
const query = (state: Partial<ShowQueryState>): ShowQueryState => ({ data: undefined, dataUpdatedAt: 0, status: 'pending', fetchStatus: 'fetching', ...state });

describe('the page from the request\'s query', () => {
  it('loads while the query asks, its retries included', () => {
    expect(stateOfShowQuery(query({}))).toEqual({ step: 'loading' });
    // Offline, a retry waits for the network: still loading, not failed.
    expect(stateOfShowQuery(query({ fetchStatus: 'paused' }))).toEqual({ step: 'loading' });
  });

  it('says the load failed only once the retries are spent, and loads again while «Erneut versuchen» asks', () => {
    expect(stateOfShowQuery(query({ status: 'error', fetchStatus: 'idle' }))).toEqual({ step: 'load_failed' });
    expect(stateOfShowQuery(query({ status: 'error', fetchStatus: 'fetching' }))).toEqual({ step: 'loading' });
  });

  it('shows the answer, checked when it came; a refusal is an answer', () => {
    const view = makeView();
    expect(stateOfShowQuery(query({ data: { kind: 'view', view }, dataUpdatedAt: AT, status: 'success', fetchStatus: 'idle' }))).toEqual({
      step: 'ready',
      view,
      checkedAt: AT,
      outcome: null,
    });
    expect(stateOfShowQuery(query({ data: { kind: 'invalid_link', reason: 'expired' }, dataUpdatedAt: AT, status: 'success', fetchStatus: 'idle' }))).toEqual({
      step: 'invalid_link',
      reason: 'expired',
    });
  });
});
