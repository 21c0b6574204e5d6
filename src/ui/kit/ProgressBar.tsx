// Progress: a bar for known amounts and a spinner for waiting. Both are role progressbar with a
// name; the spinner is indeterminate so screen readers do not read a meaningless percentage.
import {
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
} from 'react-aria-components';

export function ProgressBar({
  'aria-label': ariaLabel,
  ...props
}: AriaProgressBarProps & { 'aria-label': string }) {
  return (
    <AriaProgressBar {...props} aria-label={ariaLabel} className="kit-progress">
      {({ percentage, isIndeterminate }) => (
        <span className="kit-progress-track">
          <span
            className="kit-progress-fill"
            data-indeterminate={isIndeterminate || undefined}
            style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
          />
        </span>
      )}
    </AriaProgressBar>
  );
}

export interface SpinnerProps {
  'aria-label': string;
  size?: 'small' | 'large';
}

export function Spinner({ 'aria-label': ariaLabel, size = 'small' }: SpinnerProps) {
  return (
    <AriaProgressBar isIndeterminate aria-label={ariaLabel} className="kit-spinner" data-size={size}>
      <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle className="kit-spinner-track" cx="16" cy="16" r="13" />
        <circle className="kit-spinner-arc" cx="16" cy="16" r="13" />
      </svg>
    </AriaProgressBar>
  );
}
