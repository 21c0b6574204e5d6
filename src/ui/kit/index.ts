// The UI kit: one styled wrapper per React Aria primitive. Pages import from here, never from
// react-aria-components directly, so the look and the focus ring stay the same everywhere.
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { Link, type LinkProps, type LinkVariant } from './Link';
export { TextField, type TextFieldProps } from './TextField';
export { CellField, type CellFieldProps } from './CellField';
export { ComboBox, type ComboBoxProps } from './ComboBox';
export { Checkbox, CheckboxBox, type CheckboxProps } from './Checkbox';
export { Select, type SelectProps, type SelectOption } from './Select';
export { Slider, type SliderProps } from './Slider';
export { Modal, Dialog, type ModalProps, type DialogProps, type ModalPlacement } from './Dialog';
export { MenuButton, MenuItem, MenuSeparator, type MenuButtonProps } from './Menu';
export { Switch, type SwitchProps } from './Switch';
export { ProgressBar, Spinner, type SpinnerProps } from './ProgressBar';
export { Form } from './Form';
export { Icon, type IconName } from './Icon';
export { VisuallyHidden } from './VisuallyHidden';
export { UI_LOCALE, LAB_LOCALE, PICKER_LOCALE, PICKER_WORDS } from './locale';
export { GermanPicker } from './GermanPicker';
export { I18nProvider } from 'react-aria-components';
