// The rows marked as changed elsewhere: each answer's rows for CHANGED_MARK_MS from that answer, a
// later answer adding its own without cutting the earlier ones short.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_MARK_MS } from '../../src/domain/events';
import { useChangeMarks } from '../../src/ui/components/ListScreen/useChangeMarks';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const marks = (initial: { marked: string[]; seq: number }) =>
  renderHook(({ marked, seq }) => [...useChangeMarks(marked, seq)].sort(), { initialProps: initial });

describe('useChangeMarks', () => {
  it('marks nothing before the first answer, then the answer’s rows until their time is up', () => {
    const hook = marks({ marked: ['7'], seq: 0 });
    expect(hook.result.current).toEqual([]);
    hook.rerender({ marked: ['7', '8'], seq: 1 });
    expect(hook.result.current).toEqual(['7', '8']);
    act(() => void vi.advanceTimersByTime(CHANGED_MARK_MS - 1));
    expect(hook.result.current).toEqual(['7', '8']);
    act(() => void vi.advanceTimersByTime(1));
    expect(hook.result.current).toEqual([]);
  });

  it('a second answer adds its rows; each mark ends on its own time', () => {
    const hook = marks({ marked: ['1', '2'], seq: 1 });
    act(() => void vi.advanceTimersByTime(2_000));
    hook.rerender({ marked: ['3'], seq: 2 });
    expect(hook.result.current).toEqual(['1', '2', '3']);
    act(() => void vi.advanceTimersByTime(CHANGED_MARK_MS - 2_000));
    expect(hook.result.current).toEqual(['3']);
    act(() => void vi.advanceTimersByTime(2_000));
    expect(hook.result.current).toEqual([]);
  });

  it('a row brought again restarts its time; an answer that marks nothing changes nothing', () => {
    const hook = marks({ marked: ['1'], seq: 1 });
    act(() => void vi.advanceTimersByTime(3_000));
    hook.rerender({ marked: ['1'], seq: 2 });
    hook.rerender({ marked: [], seq: 3 });
    act(() => void vi.advanceTimersByTime(CHANGED_MARK_MS - 1));
    expect(hook.result.current).toEqual(['1']);
    act(() => void vi.advanceTimersByTime(1));
    expect(hook.result.current).toEqual([]);
  });
});
