import { Field, Status, PostForm } from '../components';
import { Layout } from '../layout';
import { PAGE } from '../navigation';

export function LoginPage({ csrfToken, email }: { csrfToken: string; email?: string }) {
  return (
    <Layout title="Log in" csrfToken={csrfToken}>
      <PostForm id="login-form" class="card stack" novalidate post={PAGE.login} target="#login-form-status">
        <Field id="login-email" label="Email">
          <input
            id="login-email"
            name="email"
            type="email"
            autocomplete="username"
            maxlength={254}
            value={email}
            required
          />
        </Field>
        <Field id="login-password" label="Password">
          <input id="login-password" name="password" type="password" autocomplete="current-password" required />
        </Field>
        <Status id="login-form" />
        <button type="submit">Log in</button>
      </PostForm>
      <p>
        New here? <a href={PAGE.signup}>Create an account</a>.
      </p>
    </Layout>
  );
}
