// Login (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#field-rules, docs/dev/product-rules.md#messages): Email, Password and a Login button; Enter submits. The fields are
// checked with the domain's signInRequestSchema, so the messages are exactly 'Required',
// 'Min 8 characters' and 'E-Mail must be valid'. A failed sign-in shows the server's message
// under the form (role alert); the snackbar says 'Login was unsuccessful!'. Success leads to the
// page the user wanted, else /analysis.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInRequestSchema } from '../../../domain/auth';
import { arriveByAction } from '../../focus/arrival';
import { Button, Form, Spinner, TextField } from '../../kit';
import { APP_TITLE, HOME_PATH } from '../../shell/navigation';
import { FullScreenBusy } from '../../shell/BusyOverlay';
import type { LoginRedirectState } from '../../shell/RequireAuth';
import { useAuth } from '../../state/AuthProvider';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/** The first message per field, in the schema's order ('Required' before the format rules). */
function validate(values: Record<Field, string>): FieldErrors {
  const result = signInRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Only same-app paths: a crafted ?from must not send the user elsewhere. */
function targetAfterLogin(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith('/login')
    ? from
    : HOME_PATH;
}

export function LoginPage() {
  const { status, error, login } = useAuth();
  const location = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // After the first submit, messages follow the input as the user corrects it.
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signingIn = status === 'signingIn';

  useEffect(() => {
    document.title = `Login · ${APP_TITLE}`;
  }, []);

  if (status === 'loggedIn') return <Navigate to={targetAfterLogin(location.state)} replace />;
  if (status === 'checking') return <FullScreenBusy label="Checking session" />;

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const blur = (field: Field) => () => {
    // A message on leaving a field the user has typed in; an untouched empty field stays quiet
    // until submit, so tabbing through the form does not shout 'Required'.
    if (values[field] !== '' || submitted)
      setErrors((prev) => ({ ...prev, [field]: validate(values)[field] }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signingIn) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else {
      // The Login button goes away with this page: the page signing in leads to takes the focus
      // on its heading (focus/arrival).
      arriveByAction();
      login(values);
    }
  };

  return (
    <main className="login">
      <div className="login-card">
        <div className="login-brand" aria-hidden="true">
          <svg viewBox="0 0 32 32" width="40" height="40" focusable="false">
            <rect width="32" height="32" rx="7" className="login-logo-bg" />
            <path d="M12 7h8v3l5 13a3 3 0 0 1-3 4H10a3 3 0 0 1-3-4l5-13z" className="login-logo-fg" />
          </svg>
        </div>
        <h1 className="login-title" lang="de">
          {APP_TITLE}
        </h1>
        <p className="login-subtitle">Sign in with your laboratory account.</p>
        <Form onSubmit={submit} aria-label="Login" className="kit-form login-form">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={values.email}
            onChange={change('email')}
            onBlur={blur('email')}
            errorMessage={errors.email}
            inputRef={emailRef}
            autoFocus
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            onBlur={blur('password')}
            errorMessage={errors.password}
            inputRef={passwordRef}
          />
          <Button type="submit" variant="primary" className="kit-button login-submit" isPending={signingIn}>
            {signingIn ? <Spinner aria-label="Signing in" /> : null}
            <span>Login</span>
          </Button>
          <div role="alert" className="login-error">
            {error && !signingIn ? error : null}
          </div>
        </Form>
      </div>
    </main>
  );
}
