// Where a start spends its time, phase by phase (wall and CPU milliseconds): `--timings` prints it
// once in service (bench/start.ts reads it). The first phase runs from the process's start to
// main(): Node itself and loading the entry. CPU time is the process's, all threads together: with
// the embedded database booting in its own thread, a phase's CPU includes that thread's.
import { performance } from 'node:perf_hooks';

export interface StartTimings {
  /** Ends the current phase under `name`. */
  phase: (name: string) => void;
  /** The time since the process started, at a point worth naming (accepting, ready). */
  mark: (name: string) => void;
  line: () => string;
}

export const startTimings = (): StartTimings => {
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const phases: { name: string; wallMs: number; cpuMs: number }[] = [];
  let wall = 0;
  let used = 0;
  const phase = (name: string): void => {
    const [nowWall, nowCpu] = [performance.now(), cpu()];
    phases.push({ name, wallMs: nowWall - wall, cpuMs: nowCpu - used });
    [wall, used] = [nowWall, nowCpu];
  };
  const marks: string[] = [];
  const mark = (name: string): void =>
    void marks.push(`${name} at ${Math.round(performance.now())} ms (CPU ${Math.round(cpu())})`);
  phase('modules');
  const line = (): string =>
    `labdesk start timings: ${phases.map((p) => `${p.name} ${Math.round(p.wallMs)} ms (CPU ${Math.round(p.cpuMs)})`).join(', ')}; ` +
    marks.join(', ');
  return { phase, mark, line };
};
