// A one-thumb slider with its label and current value (the table's page slider). React Aria gives
// the arrow keys, Home/End and the slider role with aria-valuetext.
import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import './controls.css';

export interface SliderProps {
  label: string;
  minValue: number;
  maxValue: number;
  /** Controlled value (with onChange): the thumb follows it without a remount, so focus stays. */
  value?: number;
  onChange?: (value: number) => void;
  /** Uncontrolled start value. */
  defaultValue?: number;
  isDisabled?: boolean;
  /** Called when the thumb is let go (or a key moved it). */
  onChangeEnd: (value: number) => void;
}

export function Slider({
  label,
  minValue,
  maxValue,
  value,
  onChange,
  defaultValue,
  isDisabled,
  onChangeEnd,
}: SliderProps) {
  return (
    <AriaSlider
      className="kit-slider"
      minValue={minValue}
      maxValue={maxValue}
      value={value}
      onChange={onChange ? (v) => onChange(Array.isArray(v) ? v[0]! : v) : undefined}
      defaultValue={defaultValue}
      isDisabled={isDisabled}
      onChangeEnd={(v) => onChangeEnd(Array.isArray(v) ? v[0]! : v)}
    >
      <Label className="kit-slider-label">{label}</Label>
      <SliderOutput className="kit-slider-output" />
      <SliderTrack className="kit-slider-track">
        <SliderThumb className="kit-slider-thumb" />
      </SliderTrack>
    </AriaSlider>
  );
}
