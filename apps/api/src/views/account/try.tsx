import type { ConvertResult } from '@app/conversion';
import { EmptyState, Field, Status, PostForm } from '../components';
import { InputField } from '../forms';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { ProductCard } from '../product-card';

const TRY = sectionPath(ACCOUNT_SECTIONS, 'try');
const SETTINGS = sectionPath(ACCOUNT_SECTIONS, 'settings');

/** The ten modes, labelled for people (the API names them by `mode`). */
export const MODE_LABELS: Record<string, string> = {
  affiliate: 'Affiliate link',
  link_goc: 'Original link',
  own_shortener: 'Short link',
  custom_domain_shortener: 'Short link on your domain',
  marketplace_api: 'Marketplace API link',
  ext_shortener_1: 'TinyURL',
  ext_shortener_2: 'is.gd',
  ext_shortener_3: 'v.gd',
  ext_shortener_4: 'Bitly',
  ext_shortener_5: 'Cutt.ly',
};

export interface PlaygroundValues {
  content: string;
  mode: string;
  affiliate_id: string;
  sub_ids: string;
  include_product: boolean;
}

export const PLAYGROUND_DEFAULTS: PlaygroundValues = {
  content: 'Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc giảm 50%!',
  mode: 'affiliate',
  affiliate_id: '',
  sub_ids: '',
  include_product: false,
};

/** Where an item's error sends the member: the settings its marketplace or service needs. */
function nextStepFor(code: string) {
  if (code === 'marketplace_not_configured' || code === 'invalid_upstream_credentials') {
    return <a href={SETTINGS}>Open your settings</a>;
  }
  return null;
}

export function PlaygroundResult({ answer }: { answer: ConvertResult }) {
  return (
    <div id="try-result" class="result">
      <h3 id="try-output-title">Output</h3>
      <p class="hint" id="try-summary">
        {`${MODE_LABELS[answer.mode] ?? answer.mode} · ${answer.summary.success} converted, ${answer.summary.failed} failed`}
      </p>
      <pre class="snippet" tabindex={0} aria-labelledby="try-output-title">
        <code id="try-output">{answer.output}</code>
      </pre>
      {answer.items.length > 0 ? (
        <>
          <h3>Links</h3>
          <ol class="items" id="try-items">
            {answer.items.map((item, index) => (
              <li key={index} class={item.ok ? 'ok' : 'failed'}>
                <p class="target">{`${item.marketplace ? `${item.marketplace}: ` : ''}${item.input}`}</p>
                {item.ok ? (
                  <p>{`→ ${item.output}`}</p>
                ) : (
                  <p>
                    {`✗ ${item.error?.code}: ${item.error?.message} `}
                    {nextStepFor(item.error?.code ?? '')}
                  </p>
                )}
                {item.product ? <ProductCard product={item.product} /> : null}
                {item.product_error ? (
                  <p class="product-note">
                    {`No product details (${item.product_error.code}): ${item.product_error.message} `}
                    {item.product_error.code === 'product_not_configured' ? (
                      <a href={SETTINGS}>Open your settings</a>
                    ) : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <EmptyState title="No marketplace link in this text">
          <p>Paste a post with a Shopee, Lazada, TikTok Shop or Tiki link.</p>
        </EmptyState>
      )}
    </div>
  );
}

export function PlaygroundSection({ values, modes }: { values: PlaygroundValues; modes: readonly string[] }) {
  return (
    <section class="card" aria-labelledby="try-title">
      <h2 id="try-title">Try it</h2>
      <p class="hint">
        Runs <code>POST /api/convert</code> as you, with your <a href={SETTINGS}>saved defaults</a>, and shows its
        answer. No token needed here; the calls count in your usage and limits.
      </p>
      <PostForm id="try-form" post={TRY} target="#try-result" swap="outerHTML">
        <Field id="try-content" label="Text with marketplace links">
          <textarea id="try-content" name="content" rows={5} maxlength={50000} spellcheck={false}>
            {values.content}
          </textarea>
        </Field>
        <Field id="try-mode" label="Mode">
          <select id="try-mode" name="mode">
            {modes.map((mode) => (
              <option key={mode} value={mode} selected={mode === values.mode}>
                {`${MODE_LABELS[mode] ?? mode} (${mode})`}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          id="try-affiliate-id"
          label="Affiliate id (empty: your saved default)"
          name="affiliate_id"

          maxlength={64}
          autocomplete="off"
          value={values.affiliate_id}
        />
        <InputField
          id="try-sub-ids"
          label="Sub ids (comma-separated; empty: your saved defaults)"
          name="sub_ids"

          autocomplete="off"
          value={values.sub_ids}
        />
        <div class="field">
          <label class="check" for="try-include-product">
            <input
              id="try-include-product"
              name="include_product"
              type="checkbox"
              value="1"
              checked={values.include_product}
            />
            <span>
              Show product details (name, image, price, commission): <code>include: ["product"]</code>
            </span>
          </label>
        </div>
        <Status id="try-form" />
        <button type="submit">Convert</button>
      </PostForm>
      <div id="try-result"></div>
    </section>
  );
}
