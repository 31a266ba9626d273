import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '@app/members';
import { Field, Status, PostForm } from '../components';
import { Layout } from '../layout';
import { PAGE } from '../navigation';

export function SignupPage({ csrfToken }: { csrfToken: string }) {
  return (
    <Layout title="Create your account" csrfToken={csrfToken}>
      <PostForm id="signup-form" class="card stack" novalidate post={PAGE.signup} target="#signup-form-status">
        <Field id="signup-email" label="Email">
          <input id="signup-email" name="email" type="email" autocomplete="email" maxlength={254} required />
        </Field>
        <Field
          id="signup-password"
          label="Password"
          hint={`${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters. A passphrase of a few words works well.`}
        >
          <input
            id="signup-password"
            name="password"
            type="password"
            autocomplete="new-password"
            minLength={PASSWORD_MIN_CHARS}
            maxLength={PASSWORD_MAX_CHARS}
            aria-describedby="signup-password-hint"
            required
          />
        </Field>
        <Status id="signup-form" />
        <button type="submit">Create account</button>
      </PostForm>
      <p>
        Already have an account? <a href={PAGE.login}>Log in</a>.
      </p>
    </Layout>
  );
}
