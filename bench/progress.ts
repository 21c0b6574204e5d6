// The bench's terminal output: every case prints its progress as '  [scope] message', and rounds
// its figures the same way.
export const progress = (scope: string, message: string, level: 'log' | 'warn' = 'log'): void => {
  console[level](`  [${scope}] ${message}`);
};

export const round = (v: number, digits = 1): number => Math.round(v * 10 ** digits) / 10 ** digits;
