import { Layout } from '../layout';
import { PAGE } from '../navigation';

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
