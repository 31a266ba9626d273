import { EARNINGS, type LinkResults } from './earnings-state';

/** The links that match the search, a page at a time (never a <select> of them all): radio buttons of the form. */
export function LinkResultsList({ results }: { results: LinkResults }) {
  const page = (n: number) =>
    `${EARNINGS}/links?q=${encodeURIComponent(results.q)}&page=${n}&selected=${encodeURIComponent(results.selected)}`;
  return (
    <div id="link-results" class="link-results">
      <fieldset>
        <legend class="visually-hidden">Link</legend>
        <label class="choice">
          <input type="radio" name="link" value="" checked={results.selected === ''} />
          All links
        </label>
        {results.links.map((link) => (
          <label class="choice" key={link.id}>
            <input type="radio" name="link" value={link.id} checked={results.selected === link.id} />
            <span class="choice-text">
              {link.url}
              <span class="muted">{` ${link.sub_id || '(no sub id)'}`}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {results.links.length === 0 ? (
        <p class="hint">
          {results.q === '' ? 'No short links yet: the ones you make appear here.' : `No link matches “${results.q}”.`}
        </p>
      ) : null}
      {results.page > 1 || results.hasMore ? (
        <div class="pager">
          {results.page > 1 ? (
            <button
              type="button"
              class="secondary small"
              hx-get={page(results.page - 1)}
              hx-target="#link-results"
              hx-swap="outerHTML"
            >
              Previous links
            </button>
          ) : null}
          <span>{`Page ${results.page}`}</span>
          {results.hasMore ? (
            <button
              type="button"
              class="secondary small"
              hx-get={page(results.page + 1)}
              hx-target="#link-results"
              hx-swap="outerHTML"
            >
              More links
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
