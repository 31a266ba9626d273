import { Field, Status } from './components';
import { Layout } from './layout';
import { PAGE } from './navigation';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '@app/members';

export function HomePage() {
  return (
    <Layout title="Link conversion for affiliate marketers" heading="Turn marketplace links into affiliate links">
      <section class="hero">
        <p>
          Send a deal post full of Shopee, Lazada, TikTok Shop and Tiki links to <code>POST /api/convert</code> and get
          the same text back with every link converted, in one of ten modes: affiliate links, short links on our domain
          or yours, the marketplaces' own API links, clean original links, and five outside shorteners.
        </p>
        <p class="actions">
          <a class="button" href={PAGE.signup}>
            Create an account
          </a>
          <a class="button secondary" href={PAGE.login}>
            Log in
          </a>
          <a class="button secondary" href="/docs">
            API docs
          </a>
        </p>
      </section>
      <section class="card" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol>
          <li>Sign up: you are logged in at once.</li>
          <li>Create your API key and token on your account page (the token is shown once: copy it).</li>
          <li>Try a conversion in the account's playground, or copy a ready-made call from its quickstart.</li>
          <li>
            Call <code>POST /api/convert</code> with the <code>X-API-Key</code> and <code>X-API-Token</code> headers.
          </li>
        </ol>
      </section>
    </Layout>
  );
}

export function SignupPage({ csrfToken }: { csrfToken: string }) {
  return (
    <Layout title="Create your account" csrfToken={csrfToken}>
      <form
        id="signup-form"
        class="card stack"
        novalidate
        hx-post={PAGE.signup}
        hx-target="#signup-form-status"
        hx-disabled-elt="find button"
      >
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
      </form>
      <p>
        Already have an account? <a href={PAGE.login}>Log in</a>.
      </p>
    </Layout>
  );
}

export function LoginPage({ csrfToken, email }: { csrfToken: string; email?: string }) {
  return (
    <Layout title="Log in" csrfToken={csrfToken}>
      <form
        id="login-form"
        class="card stack"
        novalidate
        hx-post={PAGE.login}
        hx-target="#login-form-status"
        hx-disabled-elt="find button"
      >
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
      </form>
      <p>
        New here? <a href={PAGE.signup}>Create an account</a>.
      </p>
    </Layout>
  );
}

/** A page-level problem (forbidden, not found, unavailable) in the layout, with the way on. */
export function ErrorPage({ title, message, status }: { title: string; message: string; status: number }) {
  return (
    <Layout title={title}>
      <section class="card">
        <p>{message}</p>
        <p class="actions">
          <a class="button secondary" href={status === 403 ? PAGE.account : PAGE.home}>
            {status === 403 ? 'Back to your account' : 'Home'}
          </a>
        </p>
      </section>
    </Layout>
  );
}
