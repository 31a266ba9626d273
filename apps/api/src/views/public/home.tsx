import { Layout } from '../layout';
import { PAGE } from '../navigation';

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
