import type { MemberSettingsView } from '@app/members';
import { Status, type StatusMessage, PostForm } from '../components';
import { ActionButton, InputField } from '../forms';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { SETTINGS_GROUPS, type SettingsGroup } from './settings-groups';

const SETTINGS = sectionPath(ACCOUNT_SECTIONS, 'settings');

export function SettingsGroupCard({
  group,
  settings,
  status,
}: {
  group: SettingsGroup;
  settings: MemberSettingsView;
  status?: StatusMessage;
}) {
  const formId = `settings-${group.id}`;
  const plainValue = (name: SettingsGroup['plain'][number]['name']): string => {
    if (name === 'affiliate_id') return settings.affiliate_id ?? '';
    if (name === 'sub_ids') return settings.sub_ids.join(', ');
    return settings.marketplace[name] ?? '';
  };
  const savedSecrets = group.secrets.filter((secret) => settings.secrets[secret.name].set).length;
  return (
    <section class="card" aria-labelledby={`${formId}-title`} id={`${formId}-card`}>
      <h2 id={`${formId}-title`}>{group.title}</h2>
      <p class="hint">{group.purpose}</p>
      {group.secrets.length > 0 ? (
        <p class="hint">
          {savedSecrets === 0
            ? 'Nothing saved yet. Stored encrypted; only a preview is ever shown again.'
            : `${savedSecrets} of ${group.secrets.length} saved. Leave a field empty to keep its saved value.`}
        </p>
      ) : null}
      <PostForm id={formId} post={`${SETTINGS}/${group.id}`} target={`#${formId}-card`} swap="outerHTML">
        {group.plain.map((field) => (
          <InputField
            key={field.name}
            id={`${formId}-${field.name}`}
            label={field.label}
            hint={field.hint}
            name={field.name}
            maxlength={300}
            autocomplete="off"
            value={plainValue(field.name)}
            aria-describedby={field.hint ? `${formId}-${field.name}-hint` : undefined}
          />
        ))}
        {group.secrets.map((secret) => {
          const state = settings.secrets[secret.name];
          return (
            <InputField
              key={secret.name}
              id={`${formId}-${secret.name}`}
              label={secret.label}
              hint={
                state.set ? (
                  <>
                    Saved: <code>{state.preview}</code>
                  </>
                ) : undefined
              }
              name={secret.name}
              type="password"
              maxlength={512}
              autocomplete="off"
              spellcheck={false}
              aria-describedby={state.set ? `${formId}-${secret.name}-hint` : undefined}
            />
          );
        })}
        <Status id={formId} status={status} />
        <div class="actions">
          <button type="submit">{`Save ${group.title === 'Defaults for every marketplace' ? 'defaults' : group.title}`}</button>
          {group.secrets
            .filter((secret) => settings.secrets[secret.name].set)
            .map((secret) => (
              <ActionButton
                key={secret.name}
                post={`${SETTINGS}/${group.id}`}
                vals={JSON.stringify({ remove: secret.name })}
                target={`#${formId}-card`}
                label={`Remove the saved ${secret.label}`}
              >
                {`Remove ${secret.label.replace(/^(Shopee Affiliate|Lazada|Bitly|Cutt\.ly) /, '')}`}
              </ActionButton>
            ))}
        </div>
      </PostForm>
    </section>
  );
}

export function SettingsSection({ settings }: { settings: MemberSettingsView }) {
  return (
    <div class="settings-grid">
      {SETTINGS_GROUPS.map((group) => (
        <SettingsGroupCard key={group.id} group={group} settings={settings} />
      ))}
    </div>
  );
}
