// Text for screen readers only (e.g. a heading of a page whose content is a frame).
export { VisuallyHidden } from 'react-aria-components';
