// Forms validate in the app (zod schemas from src/domain), so the browser's native bubbles are off
// and React Aria shows the messages next to each field.
import { Form as AriaForm, type FormProps } from 'react-aria-components';

export function Form(props: FormProps) {
  return <AriaForm validationBehavior="aria" {...props} className={props.className ?? 'kit-form'} />;
}
